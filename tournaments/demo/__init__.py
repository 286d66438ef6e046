"""The demo's tournaments beside the round robin (`manage.py load_demo`): a Swiss in its
fifth round (`swiss`) and a state team league (`teams`).

May import anything below it; only the `load_demo` command imports it.
"""

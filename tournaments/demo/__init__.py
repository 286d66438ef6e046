"""The demo's tournaments beside the round robin (`manage.py load_demo`): a Swiss in its
fifth round (`swiss`), an open with Baku acceleration and forbidden pairings whose round 2 is a
draft (`accelerated`), a state team league (`teams`), and a CBD rating list with a finished
round robin it rates (`ratings`).

May import anything below it; only the `load_demo` command imports it.
"""

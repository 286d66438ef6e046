"""The site as bench/public_pages.py serves it: production settings plus one bare view."""

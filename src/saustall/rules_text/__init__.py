"""Rules text shown to people, written in the project's own words, as plain data.

The terminal client and the web app both read these modules, so the wording lives in
one place.
"""

"""The UI layer: MicroPython on the page's main thread.

Written in the subset of Python that MicroPython 1.27 and CPython share (no typing,
dataclasses, enum or match at run time), so the pure modules here (keys, gestures,
snapshot, text, clock) are unit-tested on CPython too. Only `app`, `view` and `store`
touch the browser.
"""

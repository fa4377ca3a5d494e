"""What talks to the outside: the page's JSON API, the practice protocol, the command line,
the terminal game, and the message catalogues.

The top layer: nothing below imports it.
"""

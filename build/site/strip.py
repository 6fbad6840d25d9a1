"""The page's Python for the built site (build/site.mjs): the same code, without what
only people read. Docstrings and comments are a third of the UI's source; on a phone's
link every byte before the first tile counts, and MicroPython compiles what it gets.

Reads {path: source} as JSON on stdin, writes {path: stripped source} on stdout. The
code is parsed and written back (ast.unparse), so what runs is exactly the parsed code.
"""

import ast
import json
import sys


def strip(source: str) -> str:
    tree = ast.parse(source)
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if not isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                and isinstance(body[0].value.value, str):
            node.body = body[1:] or [ast.Pass()]
    return ast.unparse(tree) + "\n"


if __name__ == "__main__":
    files = json.load(sys.stdin)
    json.dump({path: strip(source) for path, source in files.items()}, sys.stdout)

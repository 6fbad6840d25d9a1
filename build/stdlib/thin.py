"""A standard-library file without what only a reader needs: its comments, and its
docstrings' text (each becomes ""), every line of code where it was.

Run inside Pyodide by build/stdlib.mjs, so the files are parsed by the very Python that
runs them (3.14 syntax). It takes the engine's 126 files from 0.66 to 0.38 MB of a
phone's first visit (docs/engine-start.md). A traceback through the standard library still
names the right lines; it shows blank or shortened lines for them. `same_program`
checks the result: the same instructions on the same arguments and the same line of
every instruction, in every code object, as the file Pyodide ships (a docstring's text
aside).
"""

import ast
import dis
import io
import re
import tokenize

# An encoding declaration is a comment that changes how the file reads: it stays.
CODING = re.compile(r"^[ \t\f]*#.*?coding[:=]")
DOCUMENTED = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)


def docstrings(tree):
    """(first line, first column, last line, last column) of every docstring; columns
    in UTF-8 bytes, as `ast` counts them."""
    for node in ast.walk(tree):
        if isinstance(node, DOCUMENTED) and node.body:
            first = node.body[0]
            if (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
                    and isinstance(first.value.value, str)):
                yield first.lineno, first.col_offset, first.end_lineno, first.end_col_offset


def thin(source):
    lines = [line.encode() for line in source.splitlines(keepends=True)]
    for first, start, last, end in sorted(docstrings(ast.parse(source)), reverse=True):
        after = lines[last - 1][end:]
        if after.strip():
            continue  # something follows on its last line ("""…"""; x = 1): left whole
        if first == last:
            lines[first - 1] = lines[first - 1][:start] + b'""' + after
        else:
            lines[first - 1] = lines[first - 1][:start] + b'""\n'
            for index in range(first, last):
                lines[index] = b"\n"
            lines[last - 1] = after if after.endswith(b"\n") else after + b"\n"
    text = b"".join(lines).decode()
    lines = text.splitlines(keepends=True)
    comments = [token.start for token in tokenize.generate_tokens(io.StringIO(text).readline)
                if token.type == tokenize.COMMENT]
    for row, column in reversed(comments):
        line = lines[row - 1]
        if row <= 2 and CODING.match(line):
            continue
        ending = "\n" if line.endswith("\n") else ""
        lines[row - 1] = line[:column].rstrip() + ending
    return "".join(lines)


def _codes(code):
    yield code
    for const in code.co_consts:
        if hasattr(const, "co_code"):
            yield from _codes(const)


def _steps(code):
    """What `code` does, line by line: (instruction, argument, line) for each. Raw
    bytecode cannot be compared: an emptied docstring may share its constant with a ""
    elsewhere, which renumbers the constants."""
    steps = []
    # (EXTENDED_ARG comes and goes with the constants' numbering, for the same program)
    instructions = [i for i in dis.get_instructions(code) if i.opname != "EXTENDED_ARG"]
    # (and so do jumps' byte offsets: a jump is compared by the instruction it goes to)
    index = {instruction.offset: at for at, instruction in enumerate(instructions)}
    for at, instruction in enumerate(instructions):
        value = instruction.argval
        if instruction.jump_target is not None:
            value = ("to", index.get(instruction.jump_target))
        if hasattr(value, "co_code"):
            value = ("code", value.co_qualname, value.co_firstlineno)
        following = instructions[at + 1] if at + 1 < len(instructions) else None
        if (isinstance(value, str) and following is not None and following.opname == "STORE_NAME"
                and following.argval == "__doc__"):
            value = "(a docstring)"  # a class's or a module's, stored as __doc__
        line = instruction.positions.lineno if instruction.positions else None
        steps.append((instruction.opname, repr(value), line))
    return steps


def same_program(original, thinned, filename):
    """None if `thinned` does what `original` does, line for line; else why not."""
    if len(original.splitlines()) != len(thinned.splitlines()):
        return f"{filename}: {len(original.splitlines())} lines became {len(thinned.splitlines())}"
    before = list(_codes(compile(original, filename, "exec", dont_inherit=True)))
    after = list(_codes(compile(thinned, filename, "exec", dont_inherit=True)))
    if len(before) != len(after):
        return f"{filename}: {len(before)} code objects became {len(after)}"
    for old, new in zip(before, after):
        if old.co_qualname != new.co_qualname or _steps(old) != _steps(new):
            return f"{filename}: {old.co_qualname} (line {old.co_firstlineno}) compiles differently"
    return None

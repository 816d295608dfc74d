"""Kernels never add two comparisons to each other: compiled, `(a >= 0) + (b >= 0)` counts (numba adds
booleans as integers), but in plain Python (`NUMBA_DISABLE_JIT=1`, the mode the rules tests and the
conformance parity run use) the operands are numpy booleans, whose sum is a logical or: two Talismans
counted as one let By Your Side equip a third in plain Python only. A count of conditions is summed onto
an integer instead (`n = 0; n += a >= 0; ...`), which both modes count alike."""

from __future__ import annotations

import ast

import numpy as np

from sim.core.paths import PROJECT_ROOT

BOOLEAN_OPERATORS = (ast.Add, ast.Sub)


def _is_boolean(node: ast.AST) -> bool:
    """An expression whose value is a boolean whatever its operands: a comparison, and/or/not, bool()."""
    if isinstance(node, ast.Compare | ast.BoolOp):
        return True
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        return True
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "bool"


def _is_kernel(function: ast.FunctionDef) -> bool:
    for decorator in function.decorator_list:
        target = decorator.func if isinstance(decorator, ast.Call) else decorator
        name = target.attr if isinstance(target, ast.Attribute) else getattr(target, "id", "")
        if name in ("njit", "jit"):
            return True
    return False


def boolean_sums(source: str) -> list[int]:
    """Lines of kernels (@njit / @jit functions) where two boolean expressions are added or subtracted."""
    lines = []
    for function in ast.walk(ast.parse(source)):
        if isinstance(function, ast.FunctionDef) and _is_kernel(function):
            for node in ast.walk(function):
                if (isinstance(node, ast.BinOp) and isinstance(node.op, BOOLEAN_OPERATORS)
                        and _is_boolean(node.left) and _is_boolean(node.right)):
                    lines.append(node.lineno)
    return lines


def test_numpy_adds_booleans_as_a_logical_or():
    """The divergence the check guards against (if numpy ever counts instead, the check is moot)."""
    values = np.array([3, 4], np.int64)
    assert (values[0] >= 0) + (values[1] >= 0) == 1
    count = 0
    for v in values:
        count += v >= 0
    assert count == 2


def test_the_check_finds_a_sum_of_comparisons():
    source = "@njit(cache=True)\ndef f(s):\n    return (s[0] >= 0) + (s[1] >= 0)\n"
    assert boolean_sums(source) == [3]
    assert boolean_sums(source.replace("@njit(cache=True)\n", "")) == []  # plain Python code is not a kernel


def test_no_kernel_adds_two_comparisons():
    found = []
    for path in sorted((PROJECT_ROOT / "sim").rglob("*.py")):
        found += [f"{path.relative_to(PROJECT_ROOT)}:{line}" for line in boolean_sums(path.read_text())]
    assert not found, "a sum of booleans is a logical or in plain Python: " + ", ".join(found)

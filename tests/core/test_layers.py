"""The package's layers (issue 44, "the tree reads core / games / stats / report / commands"): each imports only
from the layers below it, so a command module is never imported by the library it drives."""

import ast
from pathlib import Path

SIM = Path(__file__).resolve().parents[2] / "sim"
# a layer -> the layers above it, which it must not import
ABOVE = {"core": ("sim.games", "sim.report", "sim.commands"), "stats": ("sim.games", "sim.report", "sim.commands"),
         "games": ("sim.report", "sim.commands"), "report": ("sim.commands",)}
# the registries find what registers itself: the game registry lists the game packages (sim/core/registry.py)
DISCOVERY = {("registry.py", "sim.games")}


def _imports(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def test_no_layer_imports_a_layer_above_it():
    wrong = []
    for layer, above in ABOVE.items():
        for path in sorted((SIM / layer).rglob("*.py")):
            for name in _imports(path):
                if name.startswith(above) and (path.name, name) not in DISCOVERY:
                    wrong.append(f"{path.relative_to(SIM.parent)} imports {name}")
    assert wrong == []

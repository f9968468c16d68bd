"""The package list, for setuptools (everything else is in ``pyproject.toml``):
every folder under ``generator/`` is found as a package (the code, a family's
folder included, so that adding a family needs no line here; and the folders
of data files: the theme, the catalogs, the template of a new site), then the
standard games, the repository's ``rules/`` shipped as ``generator.standard``
(``[tool.setuptools.package-dir]``), with those of their folders whose names
could be Python packages named as such (setuptools wants them named)."""

from setuptools import find_namespace_packages, setup

#: The standard games' folders named as packages (their files: ``[tool.setuptools.package-data]``).
STANDARD = ["generator.standard",
            "generator.standard.bergen", "generator.standard.bergen.positions",
            "generator.standard.block", "generator.standard.block.positions",
            "generator.standard.draw", "generator.standard.draw.positions",
            "generator.standard.matador", "generator.standard.matador.positions",
            "generator.standard.sniff", "generator.standard.sniff.positions"]

setup(packages=find_namespace_packages(include=["generator", "generator.*"],
                                       exclude=["generator._compiled", "generator._compiled.*", "*.__pycache__"])
      + STANDARD)

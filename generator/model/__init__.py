"""The position model: YAML files read with their locations, validated against
JSON Schemas, turned into typed positions and checked against the engine."""

from .yamlsrc import Source, SourceError, load, loads
from .catalog import Catalog, CheckFailed, CheckedPosition, VariantDef, find_rules_dir

__all__ = ["Source", "SourceError", "load", "loads", "Catalog", "CheckFailed", "CheckedPosition",
           "VariantDef", "find_rules_dir"]

"""The published bundle validates against the published schemas and holds every kind."""
from __future__ import annotations

import json

import jsonschema
import pytest
from referencing import Registry, Resource

from generator.site.build import ensure_site
from generator.data.files import KINDS


@pytest.fixture(scope="module")
def published():
    site = ensure_site()
    bundle = json.loads((site / "data" / "dragondice.json").read_text())
    schemas = {p.name: json.loads(p.read_text()) for p in (site / "data" / "schema").glob("*.json")}
    return bundle, schemas


def test_bundle_validates_against_published_schemas(published):
    bundle, schemas = published
    registry = Registry().with_resources(
        (name, Resource.from_contents(schema)) for name, schema in schemas.items())
    validator = jsonschema.Draft202012Validator(schemas["dragondice.schema.json"], registry=registry)
    errors = list(validator.iter_errors(bundle))
    assert not errors, [e.message for e in errors[:5]]


def test_published_schema_rejects_a_broken_bundle(published):
    """The check above can fail: an entry without its required id is refused."""
    bundle, schemas = published
    registry = Registry().with_resources(
        (name, Resource.from_contents(schema)) for name, schema in schemas.items())
    validator = jsonschema.Draft202012Validator(schemas["dragondice.schema.json"], registry=registry)
    broken = dict(bundle, sais=[{k: v for k, v in bundle["sais"][0].items() if k != "id"}])
    assert list(validator.iter_errors(broken))


def test_bundle_has_every_kind_with_ids_and_names(published):
    bundle, _ = published
    for key in ("sais", "spells", "species", "dice", "terrains", "dragons", "rules", "rulings"):
        assert bundle[key], key
        for entry in bundle[key]:
            assert entry["id"] and entry["name"], (key, entry.get("id"))
    assert set(bundle) == {"meta", "calculator"} | {k.name for k in KINDS}
    # The calculator's vocabulary is published once, for the page and other tools.
    from calculator.core.limits import LIMITS
    from calculator.core.rolls import ROLL_TYPES

    assert [r["id"] for r in bundle["calculator"]["roll_types"]] == list(ROLL_TYPES)
    assert bundle["calculator"]["limits"]["input"] == LIMITS

"""Rule code is total: every document its schema accepts is derived, checked and printed without an
exception (the schemas bound every number and string, so no rule meets an absurd value)."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, assume, given, settings, strategies as st

from model.evaluate import evaluate
from model.kinds import KINDS
from model.sheets import SheetError, SheetOptions, export_pdf
from model.validation import is_valid
from tests.model.pipeline import time_limit
from tests.model.schema_strategy import documents


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_rule_code_is_total_for_schema_valid_documents(kind):
    k = KINDS[kind]

    @settings(max_examples=60, deadline=None, database=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large])
    @given(documents(k.schema), st.booleans())
    def run(data, export):
        assume(is_valid(k.schema, data))
        with time_limit(30):
            result = evaluate(data, k, origin=None)
            assert result.schema_valid
            json.dumps(result.derived, allow_nan=False)
            if export:
                try:
                    assert export_pdf(data, result, SheetOptions(paper="letter")).startswith(b"%PDF-")
                except SheetError as e:
                    assert str(e)
    run()

"""As a learner, with JavaScript on and off: a deviation's answer whose figures could not be
worked out (the job failed) is told so in one sentence, with the answer kept, a button to try
again and something to practise meanwhile; the page stops asking. Tried again (the job now
works), the verdict follows."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from drills import deviation_figures, deviations
from trainer.engine.cache import ResultCache

# The first figures worked out in the server's thread (the engine cold) may take a while.
WORKED_OUT = 90_000


def _broken(*args: Any, **kwargs: Any) -> Any:
    raise ValueError("the shoe at this count could not be solved")


def test_a_failed_figures_job_is_told_and_tried_again(
    learner: Any, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    own: ResultCache[deviation_figures.Figures] = ResultCache(
        "strategy-cache",
        f"browser-{tmp_path.name}",  # none of this version's figures kept before
        encode=deviation_figures._encode,
        env_var="TRAINER_CACHE_DIR",
        memory_limit=64,
        prefix="deviation-",
        beside=deviation_figures.CHARTS,
    )
    monkeypatch.setattr(deviation_figures, "CACHE", own)
    working = deviations.work_out
    working.cache_clear()
    monkeypatch.setattr(deviations, "work_out", _broken)
    learner.open_drill("Deviations")
    page = learner.page
    form = page.locator("form.strategy-question")
    play = form.locator('button[data-key="S"], button[data-key="N"]').first
    play.click()
    failed = page.get_by_role("alert")
    expect(failed).to_have_text("Working out the figures of your answer failed.")
    expect(page.get_by_text("Your answer is still kept")).to_be_visible()
    expect(page.get_by_role("link", name="The running count")).to_be_visible()
    expect(page.locator("form.strategy-question")).to_have_count(0)
    page.wait_for_timeout(2500)  # longer than the waiting page's reload or poll: it stopped
    expect(failed).to_have_text("Working out the figures of your answer failed.")
    monkeypatch.setattr(deviations, "work_out", working)  # the next try works
    page.get_by_role("button", name="Try again").click()
    heading = page.locator("#feedback-heading")
    expect(heading).to_have_text(re.compile("^(Right|Not quite): "), timeout=WORKED_OUT)
    assert ("/answered/" in page.url) != learner.javascript

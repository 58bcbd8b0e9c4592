"""Static files under a version query with long cache lifetimes, and compressed responses."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import brotli
import pytest
from backports import zstd

BROWSER_ENCODINGS = "gzip, deflate, br, zstd"  # what Chromium sends
_ASSET = re.compile(r'(?:href|src)="(/static/[^"]+)"')


def assets_of(page: str) -> list[str]:
    return _ASSET.findall(page)


def fetch(client: Any, path: str, **headers: str) -> Any:
    """The response to GET ``path``, read and closed (static files are open streams)."""
    response = client.get(path, headers=headers)
    response.get_data()
    response.close()
    return response


def test_every_asset_link_carries_its_version(client: Any) -> None:
    links = assets_of(client.get("/").get_data(as_text=True))
    assert any("htmx.min.js" in link for link in links)
    assert any("app.css" in link for link in links)
    for link in links:
        assert re.search(r"\?v=[0-9a-f]{12}$", link), link


def test_a_versioned_asset_is_cached_for_a_year_and_an_unversioned_one_revalidated(
    client: Any,
) -> None:
    link = next(a for a in assets_of(client.get("/").get_data(as_text=True)) if "app.css" in a)
    response = fetch(client, link)
    assert response.status_code == 200
    assert response.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    stale = fetch(client, link.split("?")[0] + "?v=000000000000")
    assert stale.headers["Cache-Control"] == "no-cache"
    bare = fetch(client, link.split("?")[0])
    assert bare.headers["Cache-Control"] == "no-cache"
    etag = bare.headers["ETag"]
    again = fetch(client, link.split("?")[0], **{"If-None-Match": etag})
    assert again.status_code == 304


def test_a_changed_asset_gets_a_new_version(app: Any, tmp_path: Path) -> None:
    static = tmp_path / "static"
    (static / "css").mkdir(parents=True)
    sheet = static / "css" / "app.css"
    sheet.write_text("body { color: black }")
    app.static_folder = str(static)
    with app.test_request_context():
        from flask import url_for

        before = url_for("static", filename="css/app.css")
        sheet.write_text("body { color: navy }")
        after = url_for("static", filename="css/app.css")
    assert before != after
    assert before.split("?")[0] == after.split("?")[0]


def test_pages_are_compressed_for_a_gzip_only_client(client: Any) -> None:
    response = client.get("/", headers={"Accept-Encoding": "gzip"})
    assert response.headers["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in response.headers["Vary"]


def test_the_home_page_and_its_assets_weigh_under_30_kb(client: Any) -> None:
    headers = {"Accept-Encoding": BROWSER_ENCODINGS}
    home = client.get("/", headers=headers)
    assert home.headers["Content-Encoding"] == "br"
    page = brotli.decompress(home.get_data()).decode()
    sizes = {"/": len(home.get_data())}
    for link in assets_of(page):
        response = fetch(client, link, **headers)
        assert response.status_code == 200
        body = response.get_data()
        if response.headers.get("Content-Encoding") == "br":
            assert brotli.decompress(body)  # a real Brotli stream
        sizes[link] = len(body)
    assert len(sizes) >= 3
    assert sum(sizes.values()) < 30 * 1024, sizes


@pytest.mark.parametrize("path", ["/drills/", "/strategy"])
def test_other_pages_are_compressed_too(client: Any, path: str) -> None:
    response = client.get(path, headers={"Accept-Encoding": BROWSER_ENCODINGS})
    assert response.status_code == 200
    assert response.headers["Content-Encoding"] == "br"


def test_an_htmx_block_is_compressed_in_zstd_first_and_brotli_without_it(client: Any) -> None:
    # A quiz answer's panel: zstd in a fifth of Brotli's CPU, some 10% larger (assets.py).
    htmx = {"Accept-Encoding": BROWSER_ENCODINGS, "HX-Request": "true"}
    panel = client.get("/drills/hand-totals", headers=htmx)
    assert panel.headers["Content-Encoding"] == "zstd"
    assert "<" in zstd.decompress(panel.get_data()).decode()
    older = client.get("/drills/hand-totals", headers={**htmx, "Accept-Encoding": "gzip, br"})
    assert older.headers["Content-Encoding"] == "br" and brotli.decompress(older.get_data())

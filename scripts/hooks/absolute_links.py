"""Absolute hreflang alternates with an x-default, for search engines.

mkdocs-static-i18n writes each page's `<link rel="alternate" hreflang>` links relative to
the page; search engines expect absolute URLs, and an `x-default` for readers whose language
is none of ours (the default language's page). The canonical link and the sitemaps already
take their absolute form from `site_url` (mkdocs.yml, from CJ_SITE_URL when set).

A build for the default local address (http://127.0.0.1:8000/, CJ_SITE_URL unset) keeps the
alternates relative: Material's language selector fetches a sitemap beside each alternate,
and a local server may run on any port, where absolute links to port 8000 would fail. Only
the x-default is added there. Any other site_url is where the site will be served: absolute.
"""

from __future__ import annotations

import re
from urllib.parse import urljoin

_ALTERNATE = re.compile(r'<link rel="alternate" href="([^"]*)" hreflang="([A-Za-z-]+)">')
DEFAULT_LANGUAGE = "en"
LOCAL_DEFAULT = "http://127.0.0.1:8000/"  # mkdocs.yml's default site_url


def absolute_alternates(
    html: str, page_address: str, default_language: str = DEFAULT_LANGUAGE, *, absolute_links: bool = True
) -> str:
    """The page with absolute alternates (when absolute_links) and an x-default one."""
    default_href = None

    def absolute(match: re.Match) -> str:
        nonlocal default_href
        href = urljoin(page_address, match.group(1)) if absolute_links else match.group(1)
        if match.group(2) == default_language:
            default_href = href
        return f'<link rel="alternate" href="{href}" hreflang="{match.group(2)}">'

    html = _ALTERNATE.sub(absolute, html)
    if default_href is not None and 'hreflang="x-default"' not in html:
        last = list(_ALTERNATE.finditer(html))[-1]
        tag = f'\n<link rel="alternate" href="{default_href}" hreflang="x-default">'
        html = html[: last.end()] + tag + html[last.end() :]
    return html


def on_post_page(output: str, page, config) -> str:
    if not config.site_url:
        return output
    i18n = config.plugins.get("i18n")
    default = getattr(i18n, "default_language", None) or DEFAULT_LANGUAGE
    base = config.site_url if config.site_url.endswith("/") else config.site_url + "/"
    public = base != LOCAL_DEFAULT
    return absolute_alternates(output, urljoin(base, page.url), default, absolute_links=public)

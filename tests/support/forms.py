"""A page's form as a browser sends it, read from its HTML: the one reader of the tests that
post a form as a phone would (``tests/support/web.py``'s :func:`~tests.support.web.form_data`
through Flask's test client, ``tests/support/browser.py``'s ``send_form`` over real HTTP)."""

from __future__ import annotations

from html import unescape
from html.parser import HTMLParser


class FormReader(HTMLParser):
    """One form of a page: the form whose own id is ``form``, else the first form inside the
    element whose id is ``within``, else the page's first form with method post.  Read are
    its action, its encoding and what a browser sends of it untouched, in order: inputs by
    their value, checked boxes and radios only (a box without a value sends "on"), a select's
    selected option or its first, a text area's text (the line break right after its tag
    dropped, as a browser drops it); no buttons, no files, nothing disabled.  Also kept, for a
    test that changes the form: each box's name by "name=value", and each select's options'
    values by what they say."""

    def __init__(self, form: str | None = None, within: str | None = None) -> None:
        super().__init__(convert_charrefs=True)
        self.form, self.within = form, within
        self.around = False  # inside the element ``within``
        self.inside = False
        self.done = False
        self.action: str | None = None
        self.multipart = False
        self.data: list[tuple[str, str]] = []
        self.boxes: dict[str, str] = {}  # a checkbox or radio's "name=value" -> its name
        self.options: dict[str, dict[str, str]] = {}  # a select's name -> label -> value
        self._select: str | None = None
        self._chosen: str | None = None
        self._first: str | None = None
        self._option: str | None = None
        self._area: str | None = None
        self._text: list[str] = []

    def _chooses(self, attrs: dict[str, str]) -> bool:
        if self.form is not None:
            return attrs.get("id") == self.form
        if self.within is not None:
            return self.around
        return attrs.get("method") == "post"

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {key: value or "" for key, value in attrs}
        if self.within is not None and a.get("id") == self.within:
            self.around = True
        if tag == "form" and not self.inside and not self.done:
            if self._chooses(a):
                self.inside = True
                self.action = unescape(a["action"]) if a.get("action") else None
                self.multipart = a.get("enctype") == "multipart/form-data"
            return
        if not self.inside or "disabled" in a:
            return
        name = a.get("name")
        if tag == "input" and name:
            kind = a.get("type", "text")
            if kind in ("submit", "button", "image", "reset", "file"):
                return
            if kind in ("checkbox", "radio"):
                self.boxes[f"{name}={a.get('value', 'on')}"] = name
                if "checked" in a:
                    self.data.append((name, a.get("value", "on")))
                return
            self.data.append((name, a.get("value", "")))
        elif tag == "select" and name:
            self._select, self._chosen, self._first = name, None, None
            self.options[name] = {}
        elif tag == "option" and self._select is not None:
            self._option = a.get("value")
            value = self._option if self._option is not None else ""
            if self._first is None:
                self._first = value
            if "selected" in a:
                self._chosen = value
            self._text = []
        elif tag == "textarea" and name:
            self._area, self._text = name, []

    def handle_data(self, data: str) -> None:
        if self._area is not None or self._option is not None:
            self._text.append(data)

    def handle_endtag(self, tag: str) -> None:
        if not self.inside:
            return
        if tag == "form":
            self.inside, self.done = False, True
        elif tag == "option" and self._select is not None and self._option is not None:
            self.options[self._select]["".join(self._text).strip()] = self._option
            self._option = None
        elif tag == "select" and self._select is not None:
            chosen = self._chosen if self._chosen is not None else self._first
            if chosen is not None:
                self.data.append((self._select, chosen))
            self._select = None
        elif tag == "textarea" and self._area is not None:
            text = "".join(self._text).replace("\r\n", "\n").removeprefix("\n")
            self.data.append((self._area, text))
            self._area = None


def read_form(page: str, form: str | None = None, within: str | None = None) -> FormReader:
    """The form of ``page`` that ``form`` or ``within`` names (:class:`FormReader`), read."""
    reader = FormReader(form, within)
    reader.feed(page)
    return reader

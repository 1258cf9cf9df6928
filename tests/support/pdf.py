"""A PDF's text and pages as poppler reads them (``pdftotext -layout``, ``pdfinfo``)."""

from __future__ import annotations

import subprocess
from pathlib import Path


def pdf_text(pdf: bytes, folder: Path) -> str:
    """The text of ``pdf``, laid out as on the page (the file is written into ``folder``)."""
    path = folder / "sheet.pdf"
    path.write_bytes(pdf)
    return subprocess.run(
        ["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True, check=True
    ).stdout


def pdf_text_and_pages(pdf: bytes, folder: Path) -> tuple[str, int]:
    """:func:`pdf_text`, and how many pages the PDF has."""
    text = pdf_text(pdf, folder)
    info = subprocess.run(
        ["pdfinfo", str(folder / "sheet.pdf")], capture_output=True, text=True, check=True
    ).stdout
    return text, int(info.split("Pages:")[1].split()[0])

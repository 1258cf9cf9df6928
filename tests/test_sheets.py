"""Blank score sheets as PDF: one page, the preset's own numbers, readable text."""

import subprocess

import pytest

from referee.cli import main
from referee.rules import find_variant
from referee.sheets import blank_sheet_pdf


def pdf_text(pdf: bytes, tmp_path) -> tuple[str, int]:
    path = tmp_path / "sheet.pdf"
    path.write_bytes(pdf)
    text = subprocess.run(
        ["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True, check=True
    ).stdout
    info = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True, check=True).stdout
    pages = int(info.split("Pages:")[1].split()[0])
    return text, pages


@pytest.mark.parametrize(
    ("variant", "paper", "expected"),
    [
        # 000 §7: clean canasta 600, wild canasta with the jokers 2000; §10: 5000 and more: 150
        ("czech", "a4", ["600", "2000", "150", "10000"]),
        # 002 §Canasta Karten: a 2 is worth 50
        ("german", "letter", ["Canasta für Anfänger", "50", "5000"]),
        # 001 §Canasta: concealed canasta 1000, wild clean 3000
        ("spanish", "letter", ["1000", "3000", "wins the match", "7000"]),
    ],
)
def test_blank_sheet_is_one_page_with_the_presets_numbers(variant, paper, expected, tmp_path):
    pdf = blank_sheet_pdf(find_variant(variant), paper)
    assert pdf.startswith(b"%PDF")
    text, pages = pdf_text(pdf, tmp_path)
    assert pages == 1
    for figure in expected:
        assert figure in text


def test_blank_sheet_from_the_cli(tmp_path, capsys):
    out = tmp_path / "blank.pdf"
    assert main(["blank-sheet", "--variant", "polish", "--out", str(out)]) == 0
    assert out.read_bytes().startswith(b"%PDF")
    assert main(["blank-sheet", "--variant", "polish", "--players", "3", "--out", str(out)]) == 2
    assert "not 3" in capsys.readouterr().err

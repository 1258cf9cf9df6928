"""The Canasta family on the phone pages: samba, bolivia, american and hand and foot matches,
their rule pages, the comparison with chosen columns, and their sheets."""

from __future__ import annotations

import html
import re
import subprocess

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.rules import PRESETS
from tests.support.pdf import pdf_text
from tests.support.profiles import examples
from tests.support.web import hand, start_match, totals

FAMILY = ("samba", "bolivia", "american", "hand-and-foot")


@pytest.mark.parametrize("preset", FAMILY)
def test_each_rules_page_names_its_books_not_a_file(client, preset):
    page = client.get(f"/rules/{preset}").get_data(as_text=True)
    assert client.get(f"/rules/{preset}").status_code == 200
    for rule in PRESETS[preset].rules.values():
        assert f'id="rule-{rule.key}"' in page
    assert ".txt" not in page
    assert any(title in page for title in ("Bicycle, Official", "pagat.com", "Canasta League"))


def test_the_comparison_shows_eleven_columns_or_the_chosen_ones(client):
    page = client.get("/rules/compare").get_data(as_text=True)
    head = page.split("<thead>")[1].split("</thead>")[0]
    assert head.count('<th scope="col"') == 11
    assert "11 of 11 shown" in page
    chosen = client.get("/rules/compare?show=samba&show=bolivia&show=nothing&show=samba")
    text = chosen.get_data(as_text=True)
    head = text.split("<thead>")[1].split("</thead>")[0]
    assert head.count('<th scope="col"') == 2
    assert 'data-preset="samba"' in head
    assert 'data-preset="bolivia"' in head
    assert "2 of 11 shown" in text
    assert "differs from Samba" in text
    # Bolivia's 150 from 7000 differs from Samba's 160, and is marked so.
    row = text.split('data-row="opening.7000"')[1].split("</tr>")[0]
    assert 'class="differs"' in row


def test_a_samba_match_counts_a_samba(client):
    url = start_match(client, preset="samba")
    data = hand(side0={"melds": "7h 8h 9h 10h Jh Qh Kh\nK K K K K K K", "went_out": True},
                side1={"melds": "A A A", "red_threes": 2})  # fmt: skip
    assert client.post(url + "/hands/new", data=data).status_code == 302
    # 65 + 1500 + 70 + 500 + 200 = 2335; 60 − 200 (red threes without two canastas)
    assert totals(client, url) == [2335, -140]


def test_a_bolivia_match_refuses_going_out_without_an_escalera(client):
    url = start_match(client, preset="bolivia")
    data = hand(side0={"melds": "K K K K K K K\nQ Q Q Q Q Q Q", "went_out": True})
    response = client.post(url + "/hands/new", data=data)
    assert response.status_code == 422
    assert "canasta in sequence" in response.get_data(as_text=True)
    # What was typed stays in the box.
    assert "Q Q Q Q Q Q Q" in response.get_data(as_text=True)


def test_an_american_quick_hand_with_its_penalties(client):
    url = start_match(client, preset="american")
    form = client.get(url + "/hands/new?mode=quick").get_data(as_text=True)
    for label in ("Canastas of sevens", "Unfinished melds of sevens", "Black threes laid out",
                  "Players left holding three or more aces or sevens"):  # fmt: skip
        assert label in form
    data = hand(
        "quick",
        side0={"canastas_natural": 1, "canastas_sevens": 1, "went_out": True,
               "meld_points": 200, "red_threes": 2, "black_threes": 1},
        side1={"canastas_natural": 1, "meld_points": 150, "unfinished_aces": 1,
               "held_sets": 1, "hand_points": 30},
    )  # fmt: skip
    # The penalties most hands never have are folded away, and open where one was counted.
    assert '<details class="fold penalties"><summary>Penalties</summary>' in form
    edit_after = client.post(url + "/hands/new?mode=quick", data={**data, "side1-held_sets": "99"})
    assert '<details class="fold penalties" open=""><summary>' in edit_after.get_data(as_text=True)
    assert client.post(url + "/hands/new?mode=quick", data=data).status_code == 302
    # We: 500 + 2500 + 200 + 100 out + threes (300 red + 100 black, two canastas: plus) = 3700.
    # They: 500 + 150 − 2500 (unfinished aces) − 1500 (held) − 30, threes none = −3380.
    assert totals(client, url) == [3700, -3380]


def test_an_american_hand_card_by_card(client):
    url = start_match(client, preset="american")
    data = hand(
        side0={
            "melds": "7 7 7 7 7 7 7\nK K K K K K K\nQ Q Q",
            "went_out": True,
            "black_threes": 1,
        },
        side1={"melds": "A A A A\nJ J J J J", "hand": "A A A"},
    )
    response = client.post(url + "/hands/new", data=data)
    assert response.status_code == 302, response.get_data(as_text=True)[:2000]
    # Both sides' melds reach the 125 an opening needs (cla-laws §Initial Meld).
    # We: 35 + 2500 + 70 + 500 + 30 + 100 out + one black three with two canastas 100 = 3335.
    # They: no canasta, so melds count minus: −130; unfinished aces −2500; aces in hand −60.
    assert totals(client, url) == [3335, -130 - 2500 - 60]


def test_a_hand_and_foot_match_is_four_hands(client):
    url = start_match(client, preset="hand-and-foot")
    page = client.get(url).get_data(as_text=True)
    assert "4 hands" in page
    assert "Needs 50 to open" in page
    books = "K K K K K K K\nQ Q Q Q Q Q Q\nJ J J J J 2 2\n8 8 8 8 8 8 X\n2 2 2 X X X X"
    for number in range(1, 5):
        # 150 points on the table: as much as the fourth hand's opening needs.
        data = hand(
            side0={"melds": books, "went_out": True}, side1={"melds": "A A A A A A\n10 10 10"}
        )
        assert client.post(url + "/hands/new", data=data).status_code == 302
        page = client.get(url).get_data(as_text=True)
        if number < 4:
            assert f"Needs {(50, 90, 120, 150)[number]} to open" in page
            assert "Winner" not in page
    assert "Winner:" in page
    assert totals(client, url) == [4 * 3800, 4 * 150]


def test_the_referee_asks_hand_and_foot_for_the_hand(client):
    page = client.get("/referee?variant=hand-and-foot&q=opening").get_data(as_text=True)
    assert "Which hand of the match this is" in page
    assert "Your side&#39;s match total" not in page
    assert "Your side's match total" not in page
    data = {"question": "opening", "opening-round_number": "2", "opening-melds": "K K K\nQ Q Q"}
    answer = client.post("/referee?variant=hand-and-foot", data=data).get_data(as_text=True)
    assert "60 points fall short of the minimum of 90 in hand 2" in answer


@pytest.mark.parametrize("preset", FAMILY)
def test_sheets_of_the_family(client, preset, tmp_path):
    url = start_match(client, preset=preset)
    pdf = client.get(url + "/sheet.pdf")
    assert pdf.status_code == 200
    path = tmp_path / "sheet.pdf"
    path.write_bytes(pdf.data)
    text = subprocess.run(
        ["pdftotext", str(path), "-"], capture_output=True, text=True, check=True
    ).stdout
    assert ".txt" not in text
    if preset == "hand-and-foot":
        assert "Hands: 4" in text.replace("\n", " ")


# -- each family speaks its own words and has its own shape ------------------------------------

HF_BOOKS = "K K K K K K K\nQ Q Q Q Q Q Q\nJ J J J J 2 2\n8 8 8 8 8 8 X\n2 2 2 X X X X"


def sheet_words(client, url: str, tmp_path) -> str:
    """The words of the PDF at ``url``, one space between each."""
    return re.sub(r"[ \n]+", " ", pdf_text(client.get(url).data, tmp_path))


def test_a_hand_and_foot_match_counts_its_hands_not_a_target(client):
    url = start_match(client, preset="hand-and-foot")
    page = client.get(url).get_data(as_text=True)
    # No bar towards a target of 0 ("25% of the target" after one hand): the hand it is.
    assert "<progress" not in page
    assert "of the target" not in page
    assert "Hand 1 of 4: <bdi>Player 1</bdi> deals" in page
    for number in range(1, 5):
        data = hand(
            side0={"melds": HF_BOOKS, "went_out": True}, side1={"melds": "A A A A A A\n10 10 10"}
        )
        assert client.post(url + "/hands/new", data=data).status_code == 302
        page = client.get(url).get_data(as_text=True)
        if number < 4:
            assert f"Hand {number + 1} of 4:" in page
    # Over after the fourth: the result, and no fifth hand of four.
    assert "Winner:" in page
    assert " of 4" not in page
    assert "<progress" not in page


def test_a_match_begun_on_paper_counts_the_paper_hands(client):
    url = start_match(client, preset="hand-and-foot", paper_hands="2", paper_side1="3000",
                      paper_side2="2000")  # fmt: skip
    assert "Hand 3 of 4:" in client.get(url).get_data(as_text=True)


def test_the_new_match_form_asks_no_target_of_a_game_of_hands(client):
    form = client.get("/matches/new").get_data(as_text=True)
    # Classic (the preset drawn first) has its target; app.js hides it for hand and foot.
    assert re.search(r'<div class="field">\s*<label for="target"', form)
    assert re.search(r'data-hands="4"[^>]*value="hand-and-foot"', form)
    assert re.search(r'data-hands=""[^>]*value="classic"', form)
    # Sent back with hand and foot chosen (five players, which no table seats: refused), the
    # form is drawn with no target.
    again = client.post("/matches/new", data={"preset": "hand-and-foot", "players": "5"})
    assert re.search(
        r'<div class="field" hidden="">\s*<label for="target"', again.get_data(as_text=True)
    )


def test_hand_and_foot_speaks_of_books_hands_and_feet(client, tmp_path):
    url = start_match(client, preset="hand-and-foot")
    quick = client.get(url + "/hands/new?mode=quick").get_data(as_text=True)
    for label in ("Clean books", "Dirty books", "Wild books", "Red threes left in hand or foot",
                  "Cards left in hand and foot: how many of each value"):  # fmt: skip
        assert label in quick
    said = re.sub(r"<[^>]+>", " ", quick).replace("Canasta Referee", "")  # what the page says
    assert "canasta" not in said.lower()
    assert "Red threes not declared" not in quick
    # The fields keep their names: only the words changed.
    for name in ("canastas_natural", "canastas_mixed", "canastas_wild", "undeclared_red_threes"):
        assert f'id="side0-{name}"' in quick
    detailed = client.get(url + "/hands/new").get_data(as_text=True)
    assert re.search(
        r'<span class="what" id="what-hand">Cards left in hand and foot</span>', detailed
    )
    data = hand(
        side0={"melds": HF_BOOKS, "went_out": True},
        side1={"melds": "A A A A A A", "hand_points": "40", "undeclared_red_threes": "1"},
    )
    assert client.post(url + "/hands/new", data=data).status_code == 302
    page = client.get(url).get_data(as_text=True)
    for part in ("Book bonuses", "Cards left in hand and foot", "Red threes left in hand or foot"):
        assert f"<dt>{part}</dt>" in page
    assert "Canasta bonuses" not in page
    sheet = sheet_words(client, url + "/sheet.pdf", tmp_path)
    for words in ("Clean book 500", "Dirty book 300", "Wild book 1,500",
                  "Red three left in hand or foot −100", "Bonus: books and every other",
                  "Hand: cards left in hand and foot"):  # fmt: skip
        assert words in sheet
    assert "canasta 500" not in sheet.lower()
    blank = sheet_words(client, url + "/blank.pdf", tmp_path)
    assert "Clean book 500" in blank
    assert "Target" not in blank


@pytest.mark.parametrize(
    ("preset", "counts", "names"),
    [
        ("samba", ["Sambas (seven of a suit in order)"],
         ["Samba (seven of a suit in order) 1,500", "All 6 red threes 1,000"]),
        ("bolivia", ["Escaleras (seven of a suit in order)", "Bolivias (seven wild cards)"],
         ["Escalera (seven of a suit in order) 1,500", "Bolivia (seven wild cards) 2,500",
          "All 6 red threes 1,000"]),
    ],
)  # fmt: skip
def test_samba_and_bolivia_name_their_canastas(client, tmp_path, preset, counts, names):
    url = start_match(client, preset=preset)
    quick = client.get(url + "/hands/new?mode=quick").get_data(as_text=True)
    for label in counts:
        assert label in quick
    assert "Canastas in sequence" not in quick
    assert "Wild canastas" not in quick
    sheet = sheet_words(client, url + "/sheet.pdf", tmp_path)
    for words in names:
        assert words in sheet
    assert "(samba, escalera)" not in sheet
    assert "All four red threes" not in sheet  # three packs hold six
    # Still canastas, with a target and the bars towards it.
    assert "Natural canastas" in quick
    page = client.get(url).get_data(as_text=True)
    assert "of the target" in page


def test_classic_still_says_canastas(client, tmp_path):
    url = start_match(client)
    quick = client.get(url + "/hands/new?mode=quick").get_data(as_text=True)
    for label in ("Canastas, seven cards each", "Natural, A", "Mixed, A",
                  "Cards left in hand: how many of each value"):  # fmt: skip
        assert label in quick
    assert "book" not in quick.lower()
    detailed = client.get(url + "/hands/new").get_data(as_text=True)
    assert re.search(r'<span class="what" id="what-hand">Cards left in hand</span>', detailed)
    data = hand(side0={"melds": "K K K K K K K\n5 5 5", "went_out": True},
                side1={"melds": "A A A", "hand_points": 30})  # fmt: skip
    assert client.post(url + "/hands/new", data=data).status_code == 302
    page = client.get(url).get_data(as_text=True)
    assert "<dt>Canasta bonuses</dt>" in page
    assert "<dt>Cards left in hand</dt>" in page
    assert "<progress" in page
    assert "% of the target" in page
    assert re.search(r"Hand 2: <bdi>Player \d</bdi> deals", page)
    assert " of 4" not in page
    sheet = sheet_words(client, url + "/sheet.pdf", tmp_path)
    assert "Natural (clean) canasta 500" in sheet
    assert "All four red threes 800" in sheet  # the Laws: 4 × 100 and 400 more
    assert "Bonus: canastas and every other" in sheet


def test_a_czech_hand_and_foot_page_says_knihy_and_kolo(client):
    url = start_match(client, preset="hand-and-foot")
    czech = {"Accept-Language": "cs"}
    assert "Kolo 1 z 4" in client.get(url, headers=czech).get_data(as_text=True)
    quick = client.get(url + "/hands/new?mode=quick", headers=czech).get_data(as_text=True)
    assert "Čisté knihy" in quick
    assert "Karty zbylé v ruce a v noze" in quick


# -- generated typing: never a 500, and what was typed is kept ------------------------------

typed = st.one_of(
    st.integers(-(10**30), 10**30).map(str),
    st.text(alphabet="0123456789-+ .,eKQJAX237hs", max_size=40),
    st.sampled_from(["", "1", "7", "99999999999999999999", "-3", "1e9", "٣"]),
)


@settings(max_examples=examples(60), deadline=None, suppress_health_check=list(HealthCheck))
@given(st.data())
def test_typing_into_the_american_quick_form_never_fails(app, data):
    client = app.test_client()
    url = start_match(client, preset="american")
    form = client.get(url + "/hands/new?mode=quick").get_data(as_text=True)
    names = sorted(set(re.findall(r'name="(side\d-[a-z_]+)"', form)))
    assert "side1-unfinished_aces" in names
    assert "side0-held_sets" in names
    chosen = data.draw(st.lists(st.sampled_from(names), min_size=1, max_size=6, unique=True))
    values = {name: data.draw(typed) for name in chosen}
    response = client.post(url + "/hands/new?mode=quick", data={**hand("quick"), **values})
    assert response.status_code in (302, 422), response.status_code
    if response.status_code == 422:
        page = html.unescape(response.get_data(as_text=True))
        for value in values.values():
            assert value.strip() in page


@settings(max_examples=examples(60), deadline=None, suppress_health_check=list(HealthCheck))
@given(st.sampled_from(["opening", "pickup"]), typed)
def test_typing_a_hand_number_never_fails(client, question, number):
    data = {"question": question, f"{question}-round_number": number, f"{question}-melds": "K K K"}
    if question == "pickup":
        data["pickup-top"] = "K"
    response = client.post("/referee?variant=hand-and-foot", data=data)
    assert response.status_code in (200, 400, 422), response.status_code
    if response.status_code == 422:  # refused on its field, the typing kept
        assert html.escape(number.strip()) in response.get_data(as_text=True)


def test_a_hand_and_foot_blank_sheet_has_its_four_hands_and_minimums_by_hand(tmp_path):
    from referee.sheets import blank_sheet_pdf

    path = tmp_path / "blank.pdf"
    path.write_bytes(blank_sheet_pdf(PRESETS["hand-and-foot"]))
    text = subprocess.run(
        ["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True, check=True
    ).stdout
    assert "Opening minimum by hand" in text
    for n, minimum in enumerate((50, 90, 120, 150), start=1):
        assert re.search(rf"Hand {n}\s+{minimum}\b", text), n
    assert "Rules from John McLeod, pagat.com: Hand and Foot" in text
    rows = [line for line in text.splitlines() if re.match(r"\s*\d+\s*$", line)]
    assert [int(line) for line in rows] == [1, 2, 3, 4]  # one row per hand of the match

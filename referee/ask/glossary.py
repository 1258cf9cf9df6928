"""The game's words as tables say them, mapped to what the rules are about.

Each entry is one thing of the game (wild cards, the pile, a frozen pile, going out, ...)
with the words a table uses for it in each language, and where those words come from:
the seed rulebooks' own vocabulary (the quotes in the presets), the catalogue's
translations, or the words players use at the table.  A question and a rule that both
name an entry share its token (``~wild``), so "žolík" finds a rule that says "wild card"
in English, "divoká karta" in Czech, "comodín" in Spanish.

A phrase matches a run of words (stemmed and folded as :mod:`.words` does, stop words
dropped); one word is a run of one.  Entries may overlap: "red three" also names "three".
"""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

from .design import AT

__all__ = ["GLOSSARY", "Entry"]


class Entry(NamedTuple):
    concept: str  # the shared token, without its marker
    source: str  # where the words come from
    terms: dict[str, tuple[str, ...]]  # language -> phrases
    keys: tuple[str, ...] = ()  # parts of the rule keys that are about it, whatever their words


SEEDS = "the seed rulebooks' own words (the presets' quotes)"
TABLE = "words players use at the table"
CATALOGUE = "the catalogue's translations (referee/translations)"


# Other card games by name, the same in every language: a question about one is not about
# this rulebook ("how many cards in a poker hand").  Not "hearts" and "spades" (suits of a
# sequence) nor "uno" (Spanish "one").
_OTHER_GAMES = (
    "poker",
    "rummy",
    "bridge",
    "whist",
    "skat",
    "solitaire",
    "patience",
    "blackjack",
    "belote",
    "pinochle",
    "gin rummy",
    "durak",
    "burraco",
    "scopa",
    "briscola",
    "cribbage",
    "euchre",
    "bezique",
    "mahjong",
    "rommé",
    "rummikub",
    "canasta online",
)

GLOSSARY: tuple[Entry, ...] = (
    Entry(
        "wild",
        f"{SEEDS}; {TABLE}",
        {
            "en": (
                "wild card",
                "wild cards",
                "wild",
                "wilds",
                "joker",
                "jokers",
                "deuce",
                "deuces",
                "twos",
                "2s",
            ),
            "cs": (
                "žolík",
                "žolíků",
                "divoká karta",
                "divoké karty",
                "divokých karet",
                "joker",
                "dvojka",
                "dvojky",
            ),
            "de": ("joker", "wilde karte", "wilde karten", "zweier", "zweien", "zwei"),
            "es": ("comodín", "comodines", "comodin", "joker", "dos", "doses"),
            "nl": ("joker", "jokers", "wilde kaart", "wilde kaarten", "tweeën", "tweeen"),
            "pl": (
                "dżoker",
                "dżokery",
                "joker",
                "jokery",
                "dzika karta",
                "dzikie karty",
                "dzikich kart",
                "dwójka",
                "dwójki",
            ),
        },
    ),
    Entry(
        "pile",
        f"{SEEDS}; {TABLE}",
        {
            "en": ("pile", "discard pile", "discards", "stack", "pot"),
            "cs": (
                "balíček",
                "balíčku",
                "odhazovací balíček",
                "hromádka",
                "hromádku",
                "odhozené karty",
                "talon",
            ),
            "de": ("stapel", "ablagestapel", "ablage", "talon", "pott"),
            "es": ("pozo", "montón", "monton", "descarte", "descartes"),
            "nl": ("stapel", "aflegstapel", "pot", "afgelegde kaarten"),
            "pl": ("stos", "stosu", "stos kart odrzuconych", "kupka", "kupki"),
        },
        ("pile.",),
    ),
    Entry(
        "frozen",
        f"{SEEDS}; {TABLE}",
        {
            "en": ("frozen", "freeze", "freezes", "freezing", "froze", "blocked", "locked"),
            "cs": (
                "zmrazený",
                "zmrazit",
                "zmrazení",
                "zamrzlý",
                "zamrzlá",
                "zamražený",
                "zablokovaný",
                "zablokovaná",
                "zmražený",
            ),
            "de": ("eingefroren", "einfrieren", "gefroren", "gesperrt", "blockiert"),
            "es": ("congelado", "congelada", "congelar", "congela", "bloqueado", "cruzado"),
            "nl": ("bevroren", "bevriezen", "bevriest", "geblokkeerd"),
            "pl": (
                "zamrożony",
                "zamrożona",
                "zamrożenie",
                "zamrozić",
                "zablokowany",
                "zablokowana",
            ),
        },
    ),
    Entry(
        "out",
        f"{SEEDS}; {TABLE}",
        {
            "en": (
                "going out",
                "go out",
                "went out",
                "goes out",
                "finish",
                "finishing",
                "close",
                "closing",
                "end the hand",
                "get rid of my last card",
            ),
            "cs": (
                "ukončit",
                "ukončení",
                "ukončit hru",
                "skončit",
                "dohrát",
                "vyjít",
                "zavřít",
                "ukončuje",
                "konec hry",
            ),
            "de": (
                "ausmachen",
                "ausgehen",
                "ausgemacht",
                "schluss",
                "schluss machen",
                "beenden",
                "fertig",
            ),
            "es": ("cerrar", "cierre", "cierra", "terminar", "acabar", "salir", "bajarse"),
            "nl": ("uitgaan", "uitgegaan", "uitkomen", "uit gaan", "afsluiten"),
            "pl": (
                "wyjść",
                "wyjście",
                "wyjscie",
                "zakończyć",
                "zakończenie",
                "skończyć",
                "zamknąć",
            ),
        },
        ("going-out.",),
    ),
    Entry(
        "redthree",
        SEEDS,
        {
            "en": ("red three", "red threes", "red 3", "red 3s"),
            "cs": (
                "červená trojka",
                "červené trojky",
                "červených trojek",
                "červenou trojku",
                "červená 3",
            ),
            "de": ("rote drei", "roten drei", "rote dreien", "roten dreien", "rote 3"),
            "es": ("tres rojo", "tres rojos", "treses rojos", "3 rojo"),
            "nl": ("rode drie", "rode drieën", "rode drieen", "rode 3"),
            "pl": (
                "czerwona trójka",
                "czerwone trójki",
                "czerwonych trójek",
                "czerwoną trójkę",
                "czerwona 3",
            ),
        },
        ("red-threes.",),
    ),
    Entry(
        "blackthree",
        SEEDS,
        {
            "en": ("black three", "black threes", "black 3"),
            "cs": ("černá trojka", "černé trojky", "černých trojek", "černou trojku"),
            "de": ("schwarze drei", "schwarzen drei", "schwarze dreien", "schwarzen dreien"),
            "es": ("tres negro", "tres negros", "treses negros"),
            "nl": ("zwarte drie", "zwarte drieën", "zwarte drieen"),
            "pl": ("czarna trójka", "czarne trójki", "czarnych trójek", "czarną trójkę"),
        },
    ),
    Entry(
        "canasta",
        SEEDS,
        {
            "en": ("canasta", "canastas", "book", "books"),
            "cs": ("kanasta", "kanasty", "kanastu", "canasta"),
            "de": ("canasta", "canastas"),
            "es": ("canasta", "canastas"),
            "nl": ("canasta", "canasta's"),
            "pl": ("kanasta", "kanasty", "kanastę", "kanast"),
        },
        ("canasta.",),
    ),
    Entry(
        "meld",
        f"{SEEDS}; {TABLE}",
        {
            "en": ("meld", "melds", "melding", "lay down", "put down", "set", "sets"),
            "cs": (
                "vyložit",
                "vyložení",
                "vykládat",
                "vyložená",
                "skupina",
                "skupinu",
                "sestava",
                "kombinace",
            ),
            "de": ("auslegen", "meldung", "meldungen", "melden", "kombination", "rauslegen"),
            "es": ("bajar", "bajada", "combinación", "combinaciones", "juego"),
            "nl": ("uitleggen", "uitlegging", "combinatie", "combinaties", "meld", "neerleggen"),
            "pl": ("wyłożyć", "wyłożenie", "układ", "układy", "meldunek", "sekwens", "wykładać"),
        },
        ("meld.",),
    ),
    Entry(
        "opening",
        f"{SEEDS}; {TABLE}",
        {
            "en": (
                "first meld",
                "initial meld",
                "opening",
                "open",
                "to open",
                "minimum",
                "need to come down",
                "come down",
            ),
            "cs": (
                "první vyložení",
                "první skupina",
                "otevřít",
                "otevření",
                "minimum",
                "vyložit poprvé",
                "poprvé",
                "prvni",
            ),
            "de": (
                "erste meldung",
                "erstmeldung",
                "erstes auslegen",
                "eröffnen",
                "mindestwert",
                "mindestens",
                "minimum",
                "rauskommen",
            ),
            "es": (
                "primera bajada",
                "bajar por primera vez",
                "primera vez",
                "abrir",
                "mínimo",
                "apertura",
            ),
            "nl": ("eerste uitleg", "eerste keer", "openen", "minimum", "opening", "uitkomen met"),
            "pl": (
                "pierwsze wyłożenie",
                "pierwszy raz",
                "otwarcie",
                "otworzyć",
                "minimum",
                "pierwszy układ",
            ),
        },
        ("opening.",),
    ),
    Entry(
        "value",
        TABLE,
        {
            "en": (
                "how much",
                "how many points",
                "worth",
                "value",
                "points",
                "score",
                "cost",
                "costs",
            ),
            "cs": (
                "kolik",
                "stojí",
                "stoji",
                "hodnota",
                "bodů",
                "bodu",
                "body",
                "počítá",
                "za kolik",
            ),
            "de": ("wie viel", "wieviel", "wert", "punkte", "zählt", "zählen", "kostet"),
            "es": ("cuánto", "cuanto", "cuántos puntos", "vale", "valen", "puntos", "cuenta"),
            "nl": ("hoeveel", "waard", "punten", "telt", "tellen", "kost"),
            "pl": ("ile", "wart", "warta", "punktów", "punkty", "liczy", "kosztuje"),
        },
        ("bonus", "canasta.kinds", "hand.points", "penalty", "count-bonus", "opening.minimum"),
    ),
    Entry(
        "concealed",
        f"{SEEDS}; {TABLE}",
        {
            "en": ("concealed", "from the hand", "from hand", "all at once", "in one go", "hidden"),
            "cs": ("z ruky", "najednou", "naráz", "skrytě", "skryté", "zakrytě", "z ruka"),
            "de": ("aus der hand", "auf einmal", "verdeckt", "mit einem mal"),
            "es": ("de mano", "de golpe", "de una vez", "oculto", "oculta", "escondida"),
            "nl": ("in één keer", "uit de hand", "ineens", "verborgen", "gesloten"),
            "pl": ("z ręki", "naraz", "od razu", "ukryty", "ukryta", "w jednym ruchu"),
        },
    ),
    Entry(
        "partner",
        TABLE,
        {
            "en": ("partner", "ask my partner", "permission", "teammate"),
            "cs": ("partner", "partnera", "spoluhráč", "spoluhráče", "zeptat", "svolení"),
            "de": ("partner", "partnerin", "fragen", "erlaubnis", "mitspieler"),
            "es": ("compañero", "compañera", "pareja", "permiso", "preguntar"),
            "nl": ("partner", "maat", "toestemming", "vragen"),
            "pl": ("partner", "partnera", "zapytać", "pozwolenie", "zgoda"),
        },
        ("going-out.partner", "play.partner-permission"),
    ),
    Entry(
        "sequence",
        SEEDS,
        {
            "en": (
                "sequence",
                "sequences",
                "run",
                "runs",
                "straight",
                "in a row",
                "samba",
                "escala",
                "escalas",
            ),
            "cs": ("postupka", "postupky", "postupku", "řada", "sekvence"),
            "de": ("folge", "sequenz", "straße", "reihe"),
            "es": ("escalera", "escaleras", "escala", "escalas", "secuencia", "corrida"),
            "nl": ("reeks", "reeksen", "straat", "volgorde"),
            "pl": ("sekwens", "sekwensy", "strit", "sekwencja", "po kolei"),
        },
    ),
    Entry(
        "deal",
        TABLE,
        {
            "en": ("deal", "deals", "dealt", "dealing", "shuffle"),
            "cs": ("rozdávat", "rozdává", "rozdávání", "rozdání", "rozdá", "míchat"),
            "de": ("geben", "gibt", "austeilen", "ausgeteilt", "mischen"),
            "es": ("repartir", "reparte", "reparten", "reparto"),
            "nl": ("delen", "deelt", "gedeeld", "schudden"),
            "pl": ("rozdawać", "rozdaje", "rozdanie", "rozdaniu", "tasować"),
        },
        ("deal.",),
    ),
    Entry(
        "dealer",
        f"{SEEDS}: the deal's rules; {TABLE}",
        {
            "en": ("dealer", "who deals", "deals first"),
            "cs": ("rozdávající", "kdo rozdává", "rozdává první", "rozdává prvni"),
            "de": ("geber", "wer gibt", "gibt zuerst"),
            "es": ("repartidor", "quién reparte", "reparte primero"),
            "nl": ("deler", "gever", "wie deelt", "deelt eerst"),
            "pl": ("rozdający", "kto rozdaje", "rozdaje pierwszy"),
        },
        ("deal.dealer",),
    ),
    Entry(
        "first",
        f"{SEEDS}: who plays first; {TABLE}",
        {
            "en": (
                "who starts",
                "who begins",
                "first player",
                "plays first",
                "goes first",
                "clockwise",
            ),
            "cs": ("kdo začíná", "hraje první", "po směru hodinových ručiček"),
            "de": ("wer fängt an", "wer beginnt", "spielt zuerst", "im uhrzeigersinn"),
            "es": ("quién empieza", "juega primero", "sentido horario"),
            "nl": ("wie begint", "speelt eerst", "met de klok mee"),
            "pl": ("kto zaczyna", "gra pierwszy", "zgodnie z ruchem wskazówek zegara"),
        },
        ("deal.order", "turn-order"),
    ),
    Entry(
        "cut",
        f"{SEEDS}: the Czech and Spanish books' cut",
        {
            "en": ("cut", "cuts", "cutting"),
            "cs": ("sejmout", "sejmul", "snímání", "snímat", "sejme"),
            "de": ("abheben", "abgehoben"),
            "es": ("cortar", "corta", "corte"),
            "nl": ("afnemen", "couperen"),
            "pl": ("przełożyć", "przekłada", "przełożenie"),
        },
        ("deal.cut",),
    ),
    Entry(
        "dealt",
        f"{SEEDS}: how many cards a player is dealt; {TABLE}",
        {
            "en": ("each player", "every player", "in hand at the start", "cards each"),
            "cs": ("každý hráč", "každému hráči", "dostane", "dostává", "karet na ruku"),
            "de": ("jeder spieler", "jeder bekommt", "bekommt", "erhält"),
            "es": ("cada jugador", "cada uno", "recibe", "reciben"),
            "nl": ("iedere speler", "elke speler", "krijgt", "krijgen"),
            "pl": ("każdy gracz", "każdy z graczy", "dostaje", "otrzymuje"),
        },
        ("deal.cards",),
    ),
    Entry(
        "upcard",
        f"{SEEDS}: the first card turned up (the Spanish book's initial pot); {TABLE}",
        {
            "en": ("upcard", "up card", "first card", "turned up", "turn up", "face up card"),
            "cs": ("první karta", "první otočená", "otočí", "obrátí", "lícem nahoru"),
            "de": ("erste karte", "aufgedeckt", "aufgedeckte karte", "umgedreht"),
            "es": ("pote inicial", "primera carta", "boca arriba", "se da vuelta"),
            "nl": ("eerste kaart", "omgedraaid", "open kaart", "opengelegd"),
            "pl": ("pierwsza karta", "odkryta karta", "odwrócona", "odkrywa"),
        },
        ("deal.upcard",),
    ),
    Entry(
        "bonuscards",
        f"{SEEDS}: the bonus cards a side draws after its first meld (the American game); {TABLE}",
        {
            "en": ("bonus cards", "bonus card", "extra cards"),
            "cs": ("bonusové karty", "bonusových karet", "prémiové karty"),
            "de": ("bonuskarten", "bonuskarte", "zusatzkarten"),
            "es": ("cartas de bonificación", "cartas extra", "cartas de premio"),
            "nl": ("bonuskaarten", "bonuskaart", "extra kaarten"),
            "pl": ("karty bonusowe", "kart bonusowych", "dodatkowe karty"),
        },
        ("bonus-cards",),
    ),
    Entry(
        "stock",
        f"{SEEDS}: the stock (talon, mazo, Nachziehstapel, stos kart zakrytych); {TABLE}",
        {
            "en": ("stock", "draw pile", "talon", "face down cards"),
            "cs": ("talon", "kmenový balík", "kmenového balíku", "lízací balík", "balík na lízání"),
            "de": ("talon", "nachziehstapel", "stock", "verdeckter stapel", "verdeckten stapel"),
            "es": ("mazo", "montón", "talón", "cartas boca abajo"),
            "nl": ("stock", "trekstapel", "pot", "gedekte stapel"),
            "pl": ("talia", "talii", "stos kart zakrytych", "stosu zakrytego", "stosie zakrytym"),
        },
        ("deal.stock", "stock-out"),
    ),
    Entry(
        "runout",
        f"{SEEDS}: the stock runs out; {TABLE}",
        {
            "en": (
                "runs out",
                "run out",
                "ran out",
                "empty",
                "used up",
                "no more cards",
                "last card",
            ),
            "cs": ("dojde", "došel", "dojdou", "prázdný", "vyčerpán", "poslední karta"),
            "de": ("leer", "aufgebraucht", "keine karten mehr", "letzte karte"),
            "es": ("se acaba", "se acaban", "agota", "vacío", "última carta"),
            "nl": ("op is", "leeg", "opgebruikt", "geen kaarten meer", "laatste kaart"),
            "pl": ("skończą się", "skończy się", "koniec talii", "pusty", "ostatnia karta"),
        },
        ("stock-out",),
    ),
    Entry(
        "draw",
        f"{SEEDS}: drawing from the stock; {TABLE}",
        {
            "en": ("draw", "draws", "drawing", "drawn"),
            "cs": ("líznout", "lízat", "lízne", "lízá", "kupuje", "koupit", "dobrat"),
            "de": ("ziehen", "zieht", "nachziehen", "gezogen"),
            "es": ("robar", "roba", "robo", "robado"),
            "nl": ("trekken", "trekt", "getrokken", "kopen", "koopt"),
            "pl": ("dobrać", "dobiera", "dobierać", "ciągnie", "pociągnąć", "ciągnąć"),
        },
        ("play.draw", "three-drawn"),
    ),
    Entry(
        "discard",
        f"{SEEDS}: the discard ending a turn; {TABLE}",
        {
            "en": ("discard", "discards", "discarding", "throw away"),
            "cs": ("odhodit", "odhazovat", "odložit", "odloží", "odkládat"),
            "de": ("abwerfen", "abwurf", "ablegen", "abgelegt", "wirft ab"),
            "es": ("descartar", "descarte", "desechar", "tirar"),
            "nl": ("afleggen", "afgooien", "weggooien", "legt af"),
            "pl": ("odrzucić", "odrzuca", "wyrzucić", "zrzucić", "odłożyć"),
        },
        ("play.discard", "going-out.discard"),
    ),
    Entry(
        "turn",
        f"{SEEDS}: a turn's steps; {TABLE}",
        {
            "en": ("turn", "turns", "my go", "a move"),
            "cs": ("tah", "tahu", "na řadě", "kolo hráče"),
            "de": ("spielzug", "zug", "an der reihe"),
            "es": ("turno",),
            "nl": ("beurt", "aan de beurt", "zet"),
            "pl": ("tura", "ruch", "kolejka", "kolej"),
        },
        ("play.turn",),
    ),
    Entry(
        "players",
        f"{SEEDS}: how many play; {TABLE}",
        {
            "en": ("players", "how many players", "how many people", "people"),
            "cs": ("hráči", "hráčů", "kolik hráčů", "kolik lidí", "ve dvou", "ve třech"),
            "de": ("wie viele spieler", "spielerzahl", "personen", "zu zweit", "zu dritt"),
            "es": ("jugadores", "cuántos jugadores", "personas", "entre dos"),
            "nl": ("spelers", "hoeveel spelers", "personen", "met zijn tweeën"),
            "pl": ("gracze", "graczy", "ilu graczy", "osoby", "we dwoje"),
        },
        ("play.players",),
    ),
    Entry(
        "choose",
        f"{SEEDS}: how partners are chosen; {TABLE}",
        {
            "en": ("chosen", "choose", "who plays with whom", "teams"),
            "cs": ("vybrat", "volí", "kdo hraje s kým", "dvojice"),
            "de": ("bestimmt", "bestimmen", "wählen", "wer spielt mit wem"),
            "es": ("elegir", "eligen", "quién juega con quién", "equipos"),
            "nl": ("kiezen", "gekozen", "wie speelt met wie", "teams"),
            "pl": ("wybrać", "wybiera", "kto gra z kim", "drużyny"),
        },
        ("deal.partners",),
    ),
    Entry(
        "failed",
        f"{SEEDS}: the Czech fast book's failed opening; {TABLE}",
        {
            "en": ("failed", "fail", "fails", "insufficient", "not enough", "too few"),
            "cs": ("nepovedené", "nepovedený", "nezdařený", "nezdařené", "neúspěšný", "málo bodů"),
            "de": ("misslungen", "fehlgeschlagen", "ungenügend", "zu wenig"),
            "es": ("fallido", "fallar", "falla", "insuficiente"),
            "nl": ("mislukt", "mislukte", "onvoldoende", "te weinig"),
            "pl": ("nieudany", "nieudane", "nieudana", "niewystarczający", "za mało"),
        },
        ("insufficient-opening",),
    ),
    Entry(
        "whole",
        f"{SEEDS}: the pile taken whole; {TABLE}",
        {
            "en": ("whole", "all of it", "entire", "everything"),
            "cs": ("celý", "celou", "všechny karty", "vše"),
            "de": ("ganz", "ganzen", "gesamten", "alles"),
            "es": ("entero", "todo el", "completo"),
            "nl": ("hele", "geheel", "helemaal", "alles"),
            "pl": ("cały", "całość", "wszystkie karty"),
        },
        ("pile.whole",),
    ),
    Entry(
        "deck",
        TABLE,
        {
            "en": ("deck", "decks", "packs", "how many cards", "cards in the game"),
            "cs": ("balíčky karet", "kolik karet", "karet ve hře", "kolik balíků"),
            "de": ("kartenspiel", "kartenspiele", "blatt", "wie viele karten"),
            "es": ("baraja", "barajas", "mazo", "cuántas cartas"),
            "nl": ("spel kaarten", "spellen", "kaartspel", "hoeveel kaarten"),
            "pl": ("talia", "talie", "talii", "ile kart"),
        },
        ("deck.",),
    ),
    Entry(
        "penalty",
        TABLE,
        {
            "en": (
                "penalty",
                "minus",
                "lose",
                "loses",
                "against",
                "left in hand",
                "cards left",
                "caught",
            ),
            "cs": (
                "trest",
                "mínus",
                "minus",
                "ztrácí",
                "odečítá",
                "zbylé karty",
                "karty v ruce",
                "v ruce",
            ),
            "de": ("strafe", "minus", "abzug", "verliert", "abgezogen", "auf der hand"),
            "es": ("penalización", "castigo", "resta", "pierde", "en la mano", "menos"),
            "nl": ("straf", "min", "aftrek", "verliest", "in de hand"),
            "pl": ("kara", "minus", "traci", "odejmuje", "w ręce", "na ręce"),
        },
        ("hand.",),
    ),
    Entry(
        "bonus",
        SEEDS,
        {
            "en": ("bonus", "bonuses", "premium", "extra"),
            "cs": ("bonus", "prémie", "prémii", "navíc"),
            "de": ("bonus", "prämie", "zusätzlich", "extra"),
            "es": ("bonificación", "premio", "prima", "extra"),
            "nl": ("bonus", "premie", "extra"),
            "pl": ("premia", "premię", "bonus", "dodatkowo"),
        },
    ),
    Entry(
        "take",
        TABLE,
        {
            "en": ("take", "pick up", "pickup", "grab"),
            "cs": ("vzít", "brát", "sebrat", "bere", "vzal"),
            "de": ("nehmen", "aufnehmen", "kaufen", "kauft"),
            "es": ("tomar", "coger", "llevar", "llevarse"),
            "nl": ("pakken", "nemen", "kopen", "oppakken"),
            "pl": ("wziąć", "brać", "zabrać", "podnieść"),
        },
    ),
    Entry(
        "end",
        TABLE,
        {
            "en": (
                "win",
                "wins",
                "winner",
                "target",
                "game over",
                "end of the match",
                "game end",
                "game ends",
                "game over",
            ),
            "cs": ("vyhrát", "vítěz", "vyhrává", "konec", "do kolika", "končí", "konec hry"),
            "de": (
                "gewinnen",
                "gewinnt",
                "sieger",
                "ziel",
                "spielende",
                "bis wie viel",
                "zu ende",
                "endet",
            ),
            "es": (
                "ganar",
                "gana",
                "ganador",
                "meta",
                "fin de la partida",
                "hasta cuánto",
                "termina",
                "terminar",
            ),
            "nl": ("winnen", "wint", "winnaar", "doel", "einde", "tot hoeveel", "afgelopen"),
            "pl": ("wygrać", "wygrywa", "zwycięzca", "cel", "koniec gry", "do ilu", "kończy"),
        },
        ("game-end",),
    ),
    Entry(
        "kinds",
        f"{SEEDS}: the kinds of canasta and their values; {TABLE}",
        {
            "en": (
                "natural canasta",
                "mixed canasta",
                "clean canasta",
                "dirty canasta",
                "pure canasta",
                "wild canasta",
                "bolivia",
                "bolivias",
            ),
            "cs": ("čistá kanasta", "smíšená kanasta", "přírodní kanasta", "bolivia", "bolívie"),
            "de": ("reine canasta", "gemischte canasta", "natürliche canasta", "bolivia"),
            "es": ("canasta limpia", "canasta sucia", "canasta pura", "canasta mixta", "bolivia"),
            "nl": (
                "zuivere canasta",
                "gemengde canasta",
                "schone canasta",
                "vuile canasta",
                "bolivia",
            ),
            "pl": ("czysta kanasta", "mieszana kanasta", "brudna kanasta", "bolivia", "boliwia"),
        },
        ("canasta.kinds",),
    ),
    Entry(
        "held",
        f"{SEEDS}: the American book's held sevens and aces; {TABLE}",
        {
            "en": ("stuck holding", "stuck with", "left holding", "holding", "caught holding"),
            "cs": ("zůstat v ruce", "zůstane v ruce", "zůstanou v ruce", "zbyde", "držet", "drží"),
            "de": ("sitzen bleiben", "sitzenbleiben", "sitzengeblieben", "halten", "hält"),
            "es": ("quedarse con", "me quedo con", "me quedé con", "me quede con", "sostener"),
            "nl": ("blijven zitten met", "blijf zitten met", "vasthouden", "overhouden", "houden"),
            "pl": ("zostać z", "zostaję z", "zostaje z", "trzymać", "trzyma"),
        },
        ("hand.held",),
    ),
    Entry(
        "permanent",
        f"{SEEDS}: melded cards stay on the table; {TABLE}",
        {
            "en": ("take back", "taken back", "swap", "swapped", "replace", "exchange", "remove"),
            "cs": ("vzít zpět", "vzít zpátky", "vyměnit", "nahradit", "odebrat", "vrátit"),
            "de": (
                "zurücknehmen",
                "zurückholen",
                "austauschen",
                "tauschen",
                "ersetzen",
                "wegnehmen",
            ),
            "es": ("retirar", "recuperar", "sustituir", "reemplazar", "cambiar", "quitar"),
            "nl": ("terugnemen", "terugpakken", "ruilen", "vervangen", "wisselen", "weghalen"),
            "pl": ("zabrać z powrotem", "cofnąć", "wymienić", "zastąpić", "wycofać", "zamienić"),
        },
        ("meld.permanent",),
    ),
    Entry(
        "samerank",
        f"{SEEDS}: one meld of each rank; {TABLE}",
        {
            "en": ("same rank", "same number", "same value", "two melds", "second meld"),
            "cs": (
                "stejné hodnoty",
                "stejnou hodnotu",
                "stejného čísla",
                "dvě skupiny",
                "druhou skupinu",
            ),
            "de": (
                "gleichen rang",
                "gleichen wert",
                "gleiche zahl",
                "zwei meldungen",
                "zweite meldung",
            ),
            "es": ("mismo número", "mismo valor", "dos juegos", "dos combinaciones", "otro juego"),
            "nl": ("dezelfde waarde", "hetzelfde getal", "twee combinaties", "tweede combinatie"),
            "pl": ("tej samej wartości", "ta sama wartość", "dwa układy", "drugi układ"),
        },
        ("one-per-rank",),
    ),
    Entry(
        "top",
        f"{SEEDS}: the pile's top card; {TABLE}",
        {
            "en": ("on top", "top card", "at the top", "uppermost"),
            "cs": ("navrchu", "nahoře", "vrchní karta", "na vrchu", "vrchní"),
            "de": ("oben", "obenauf", "oberste karte", "oberste", "obere karte"),
            "es": ("encima", "arriba", "carta de arriba", "en la cima"),
            "nl": ("bovenop", "bovenaan", "bovenste kaart", "bovenste"),
            "pl": ("na górze", "na wierzchu", "górna karta", "wierzchnia karta"),
        },
        ("wild-top", "pile-top"),
    ),
    Entry(
        "opponents",
        f"{CATALOGUE}: 'the opponents'; {TABLE}",
        {
            "en": ("opponents", "opponent", "other side", "other team", "their melds"),
            "cs": ("soupeř", "soupeři", "soupeřům", "soupeřů", "protivník", "protihráč"),
            "de": ("gegner", "gegnern", "gegners", "andere seite"),
            "es": ("rival", "rivales", "contrario", "contrarios", "oponente", "oponentes"),
            "nl": ("tegenstander", "tegenstanders", "tegenpartij"),
            "pl": ("przeciwnik", "przeciwnicy", "przeciwnikom", "przeciwników"),
        },
        ("play.partners",),
    ),
    Entry(
        "adding",
        f"{SEEDS}: adding cards to a meld on the table; {TABLE}",
        {
            "en": ("add to", "add", "adding", "lay off"),
            "cs": ("přiložit", "přidat", "přikládat", "přidávat"),
            "de": ("anlegen", "dazulegen", "hinzufügen", "anhängen"),
            "es": ("añadir", "agregar", "añade", "agrega"),
            "nl": ("aanleggen", "bijleggen", "toevoegen", "aanvullen"),
            "pl": ("dołożyć", "dokładać", "dodać", "dokłada"),
        },
        ("meld.adding", "play.partners"),
    ),
    Entry(
        "onecard",
        f"{SEEDS}: the Czech fast book's last card; {TABLE}",
        {
            "en": ("one card", "1 card", "single card", "one card left"),
            "cs": ("jedna karta", "jednu kartu", "1 kartu", "1 karta", "jedinou kartu"),
            "de": ("1 karte", "einzige karte", "eine einzige karte"),
            "es": ("1 carta", "una sola carta", "única carta"),
            "nl": ("1 kaart", "enkele kaart", "één enkele kaart"),
            "pl": ("jedna karta", "jedną kartę", "1 kartę", "1 karta", "jedyna karta"),
        },
        ("pile.one-card",),
    ),
    Entry(
        "cards",
        f"{CATALOGUE}: 'card', 'cards' (the keys' deal.cards, meld.min-cards, ...)",
        {
            "en": ("card", "cards"),
            "cs": ("karta", "karty", "karet", "kartu", "kartami"),
            "de": ("karte", "karten"),
            "es": ("carta", "cartas"),
            "nl": ("kaart", "kaarten"),
            "pl": ("karta", "karty", "kart", "kartę", "kartami"),
        },
    ),
    # A match total in the question ("when we have 2600"): the question holds a number of
    # a thousand or more, or below zero (engine.numbers); no words of its own.
    Entry("score", "a number in the question", {}, ("opening.minimum",)),
    Entry(
        "alone",
        f"{CATALOGUE}: 'wild cards alone are not a meld'; {TABLE}",
        {
            "en": ("only", "alone", "just"),
            "cs": ("jen", "jenom", "pouze", "samotné", "samotný"),
            "de": ("nur", "allein", "ausschließlich"),
            "es": ("solo", "sólo", "solamente", "únicamente"),
            "nl": ("alleen", "enkel", "uitsluitend"),
            "pl": ("tylko", "same", "wyłącznie", "sam"),
        },
        ("wild-meld",),
    ),
    # Off the game: the cards bought, an app, the game's history.  No rule is about these; a
    # question naming one is not a rule question, whatever else it names ("where can I
    # buy a deck to play canasta").
    Entry(
        "offgame",
        "shops, apps, the game's history and other card games, which no rule names (buying is "
        "the pile's)",
        {
            "en": (
                "odds",
                "probability",
                "strategy",
                "tactics",
                "tactic",
                "arthritis",
                "where can i buy",
                "deck cost",
                "cards cost",
                "shop",
                "store",
                "app",
                "invented",
                "inventor",
                "history",
                "sell",
                "cheap",
                "online",
                "like a pro",
                *_OTHER_GAMES,
            ),  # "buy": the pile
            "cs": (
                "pravděpodobnost",
                "taktika",
                "taktiku",
                "strategie",
                "strategii",
                "artróza",
                "artrózu",
                "klouby",
                "kde koupit",
                "kde je koupit",
                "kde je koupím",
                "stojí karty",
                "obchod",
                "aplikace",
                "vymyslel",
                "historie",
                "prodávají",
                "prodat",
                "levné",
                "levně",
                "online",
                "jako profík",
                "jako profi",
                "prší",
                "mariáš",
                *_OTHER_GAMES,
            ),  # "koupit": to take the pile
            "de": (
                "wahrscheinlichkeit",
                "taktik",
                "strategie",
                "arthrose",
                "gelenke",
                "rommé",
                "rummikub",
                "romme",
                "wo kaufe",
                "kosten die karten",
                "kaufen",
                "laden",
                "geschäft",
                "app",
                "erfunden",
                "geschichte",
                "verkauft",
                "billig",
                "online",
                "wie ein profi",
                "doppelkopf",
                "schafkopf",
                *_OTHER_GAMES,
            ),
            "es": (
                "basta numérica",  # a game of words and numbers (tests/ask_real.toml)
                "probabilidad",
                "probabilidades",
                "estrategia",
                "táctica",
                "tactica",
                "artritis",
                "artrosis",
                "dónde compro",
                "donde compro",
                "cuesta la baraja",
                "cuestan las cartas",
                "comprar",
                "tienda",
                "aplicación",
                "app",
                "inventó",
                "historia",
                "venden",
                "vender",
                "barato",
                "baratas",
                "baratos",
                "en línea",
                "online",
                "como un profesional",
                "como un pro",
                "baraja española",
                "chinchón",
                "brisca",
                "tute",
                "mus",
                *_OTHER_GAMES,
            ),
            "nl": (
                "waarschijnlijkheid",
                "strategie",
                "tactiek",
                "artrose",
                "reuma",
                "kosten de kaarten",
                "kost een spel",
                "winkel",
                "app",
                "uitgevonden",
                "geschiedenis",
                "waar koop",
                "waar kopen",
                "verkopen",
                "goedkoop",
                "online",
                "als een pro",
                "klaverjassen",
                "klaverjas",
                "toepen",
                "hartenjagen",
                "pesten",
                *_OTHER_GAMES,
            ),  # "kopen": to draw
            "pl": (
                "prawdopodobieństwo",
                "strategia",
                "strategię",
                "taktyka",
                "taktykę",
                "artretyzm",
                "stawy",
                "kosztuje talia",
                "kosztują karty",
                "empik",
                "sklep",
                "aplikacja",
                "wymyślił",
                "historia",
                "sprzedają",
                "tanio",
                "tanie",
                "online",
                "jak zawodowiec",
                "tysiąc",
                "tysiaca",
                "tysiącu",
                "makao",
                "brydż",
                "remik",
                "wojna",
                *_OTHER_GAMES,
            ),  # "kupić": to take the pile
        },
    ),
)

# Players' words, kept as data with where each was seen (players_words.toml): each joins its
# concept's entry above; a word seen at some variants' tables only ("talon": the bonus cards
# at the American game's) is a concept of its own, ``means@variant``, which the index of that
# variant reads as ``means`` (in place of what the same words mean elsewhere) and the others
# ignore (:meth:`.tokens.Tokens.concepts`).
PLAYERS_WORDS = Path(__file__).with_name("players_words.toml")


def _with_players_words(entries: tuple[Entry, ...]) -> tuple[Entry, ...]:
    import tomllib

    with PLAYERS_WORDS.open("rb") as handle:
        found = tomllib.load(handle)["word"]
    extra: dict[str, dict[str, list[str]]] = {}
    only: dict[str, dict[str, list[str]]] = {}  # means@variant -> language -> words
    for word in found:
        if word.get("only"):
            for variant in word["variants"]:
                at = only.setdefault(f"{word['means']}{AT}{variant}", {})
                at.setdefault(word["lang"], []).extend(word["words"])
            continue
        extra.setdefault(word["means"], {}).setdefault(word["lang"], []).extend(word["words"])
    known = {entry.concept for entry in entries}
    unknown = (set(extra) | {c.split(AT)[0] for c in only}) - known
    if unknown:  # a word must mean something the glossary knows
        raise ValueError(f"players_words.toml: no glossary concept {sorted(unknown)}")
    return tuple(
        Entry(concept, TABLE, {lang: tuple(terms) for lang, terms in by_lang.items()})
        for concept, by_lang in sorted(only.items())
    ) + tuple(
        entry._replace(
            terms={
                lang: (*entry.terms.get(lang, ()), *extra.get(entry.concept, {}).get(lang, ()))
                for lang in dict.fromkeys([*entry.terms, *extra.get(entry.concept, {})])
            }
        )
        for entry in entries
    )


GLOSSARY = _with_players_words(GLOSSARY)

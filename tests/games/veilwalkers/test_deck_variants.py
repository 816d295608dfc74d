"""Deck variants as editions (`deck_errata`): an edition may replace a deck's registered Aspects and set
the copies of its cards (0 removes one); the varied deck keeps its name, so it plays the same deals as the
deck it varies, and is checked against "Build a Company deck" (section 2) like any deck."""

import shutil
from collections import Counter

import numpy as np
import pytest
import yaml

from sim.core import worker
from sim.core.errors import UserError
from sim.core.game import content_hash
from sim.games.veilwalkers import data
from sim.games.veilwalkers.game import Veilwalkers


@pytest.fixture
def copy_of_data(tmp_path):
    folder = tmp_path / "veilwalkers"
    shutil.copytree(data.DATA_DIR, folder)
    return folder


def _edition(folder, name, body):
    (folder / "editions" / f"{name}.yaml").write_text(yaml.safe_dump({"base": "standard", **body}))


def _cards(game, edition, deck):
    ruleset = game.load_ruleset(edition)
    names = game.library.card_names
    varied = data.varied_deck(deck, game.library, ruleset.resolved.get("deck_errata", {}))
    return Counter(names[card] for card in varied["cards"])


def test_a_variant_sets_copies_and_keeps_the_decks_matchup(copy_of_data):
    # lamplight: nessa 2, seether 1, rally 0 (a Story card would break its Aspects: rally is neutral)
    _edition(copy_of_data, "variant", {"deck_errata": {"lamplight": {"cards": {"seether": 2, "nessa": 1}}}})
    game = Veilwalkers(copy_of_data)
    base, varied = _cards(game, "standard", "lamplight"), _cards(game, "variant", "lamplight")
    assert (base["seether"], base["nessa"]) == (1, 2) and (varied["seether"], varied["nessa"]) == (2, 1)
    assert sum(varied.values()) == sum(base.values()) == 30
    assert _cards(game, "variant", "roadfolk") == _cards(game, "standard", "roadfolk")
    entry = "lamplight vs roadfolk"
    before = game.load_matchups(game.load_ruleset("standard"), [entry])[0]
    after = game.load_matchups(game.load_ruleset("variant"), [entry])[0]
    assert after.matchup_id == before.matchup_id and after.matchup_hash != before.matchup_hash
    assert game.load_ruleset("variant").resolved["deck_errata"] == {"lamplight": {"cards": {"seether": 2, "nessa": 1}}}


def test_a_variant_plays_the_same_deals_and_a_no_op_variant_plays_bit_identically(copy_of_data):
    _edition(copy_of_data, "same", {"deck_errata": {"lamplight": {"cards": {"nessa": 2}}}})
    _edition(copy_of_data, "variant", {"deck_errata": {"lamplight": {"cards": {"seether": 2, "nessa": 1}}}})
    game = Veilwalkers(copy_of_data)
    bots = (game.load_policy("racer"),) * 2
    results = {}
    for edition in ("standard", "same", "variant"):
        ruleset = game.load_ruleset(edition)
        matchup = game.load_matchups(ruleset, ["lamplight vs roadfolk"])[0]
        result = game.play_batch(ruleset, matchup, bots, worker.seed_block(3, matchup, 0, 16))
        results[edition] = np.stack([result.winner, result.turns, result.end_reason])
    assert np.array_equal(results["same"], results["standard"])
    assert not np.array_equal(results["variant"], results["standard"])


def test_an_edition_without_deck_variants_keeps_its_ruleset_hash():
    game = Veilwalkers()
    ruleset = game.load_ruleset("standard")
    assert "deck_errata" not in ruleset.resolved
    assert ruleset.ruleset_hash == content_hash([ruleset.resolved["rules"], game.library.card_rows, game.library.board,
                                                 game.library.alignment_rows])


@pytest.mark.parametrize(("errata", "message"), [
    ({"lamplite": {"cards": {"nessa": 1}}}, "deck_errata.lamplite: unknown deck 'lamplite' (did you mean 'lamplight'?)"),
    ({"lamplight": {"size": 30}}, "deck_errata.lamplight.size: deck errata may change aspects, cards, reserve"),
    ({"lamplight": {"cards": {"nesa": 1}}}, "deck_errata.lamplight.cards: unknown card 'nesa'"),
    ({"lamplight": {"cards": {"nessa": -1}}}, "deck_errata.lamplight.cards.nessa: must be a whole number"),
    ({"lamplight": {"cards": {"nessa": 1}}}, "deck_errata.lamplight: has 29 cards; a Company deck has exactly 30"),
    ({"lamplight": {"cards": {"seether": 3, "nessa": 0}}},
     "deck_errata.lamplight: 3 copies of 'seether' across deck and reserve; at most 2"),
    ({"lamplight": {"aspects": ["creation"]}}, "which the deck does not register"),
    ({"lamplight": {"aspects": ["flux"]}}, "deck_errata.lamplight.aspects: unknown value 'flux'"),
])
def test_a_broken_variant_is_one_error_naming_the_edition_and_the_rule(copy_of_data, errata, message):
    """Section 2: "Exactly 30 cards; at least 10 Figures (Heroes, Allies, Echoes); at most two registered
    Aspects. Every Aspect printed on a card must be registered. Only Creation, Story and Memory are
    Aspects." and "Normally two copies of a name; one if Singular. ... Copy limits apply across deck and
    reserve together."."""
    _edition(copy_of_data, "broken", {"deck_errata": errata})
    with pytest.raises(UserError) as error:
        Veilwalkers(copy_of_data).load_ruleset("broken")
    assert "editions/broken.yaml" in str(error.value) and message in str(error.value)


def test_ab_names_the_variants_changed_copies(copy_of_data):
    from sim.commands.ab import data_diff

    _edition(copy_of_data, "variant", {"deck_errata": {"lamplight": {"cards": {"seether": 2, "nessa": 1}}}})
    game = Veilwalkers(copy_of_data)
    assert data_diff(game.load_ruleset("standard"), game.load_ruleset("variant")) == [
        "deck_errata.lamplight.cards.nessa: (absent) -> 1", "deck_errata.lamplight.cards.seether: (absent) -> 2",
        "decks.lamplight.nessa: 2 -> 1", "decks.lamplight.seether: 1 -> 2"]

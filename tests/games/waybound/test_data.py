"""Data validation: bad cards, decks, editions and bot weights raise one-line UserErrors."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from sim.core.errors import UserError
from sim.games.waybound import GAME, data
from sim.games.waybound import vocab as V


@pytest.fixture()
def data_dir(tmp_path: Path) -> Path:
    target = tmp_path / "waybound"
    shutil.copytree(data.DATA_DIR, target)
    return target


def edit(path: Path, change) -> None:
    content = yaml.safe_load(path.read_text())
    change(content)
    path.write_text(yaml.safe_dump(content, sort_keys=False))


def one_line(error: UserError) -> str:
    text = str(error)
    assert "\n" not in text
    return text


def test_all_editions_load_and_hash_differs():
    """Editions are data: each resolves and its hash covers the resolved content."""
    hashes = {e: GAME.load_ruleset(e).ruleset_hash for e in GAME.editions()}
    assert set(hashes) >= {"0.36", "pre-0.36", "0.36-comparison", "0.36-no-opening", "0.36-extra-charge-only"}
    assert len(set(hashes.values())) == len(hashes)
    assert GAME.default_edition() == "0.36"


def test_pre_036_values():
    """Rulebook: 'pre-0.36 saves retain Claim max 2, base Unseal 2, Passage 1 and Unravel 2'."""
    tables = GAME.load_ruleset("pre-0.36").tables
    assert tables.rules[V.R_CLAIM_MAX] == 2 and tables.rules[V.R_NYX_COST] == 2
    assert tables.cards[tables.card_index("passage_unseen"), V.C_COST] == 1
    assert tables.cards[tables.card_index("unravel"), V.C_COST] == 2
    assert (
        tables.rules[V.R_OPENING_NO_FIRST_EXPLORE] == 0 and tables.rules[V.R_OPENING_SECOND_EXTRA_CHARGE] == 0
    )


def test_printed_stats_kept():
    """Rulebook: 'VANTA / MYTHBOUND: Veilborn Ally, 4 Charge, Force 3 / Guard 4 / Insight 1', 'Ribbon Scout
    and Gale Courier have 2 Guard', 'STARTING GUARD 5', Prismarten 'Guide (0/2/2) and Striker (4/2/0)'."""
    tables = GAME.load_ruleset("0.36").tables
    vanta = tables.cards[tables.card_index("vanta")]
    assert vanta[V.C_COST] == 4 and list(tables.profiles[vanta[V.C_PROFILE], :3]) == [3, 4, 1]
    assert vanta[V.C_MAX_COPIES] == 1
    for card in ("ribbon_scout", "gale_courier"):
        assert tables.profiles[tables.cards[tables.card_index(card), V.C_PROFILE], V.PF_GUARD] == 2
    for profile in tables.companion_profile:
        assert tables.profiles[profile, V.PF_GUARD] == 5
    prism = tables.cards[tables.card_index("prismarten")]
    assert list(tables.profiles[prism[V.C_PROFILE], :3]) == [0, 2, 2]
    assert list(tables.profiles[prism[V.C_ALT_PROFILE], :3]) == [4, 2, 0]


def test_starter_recipes():
    """Rulebook, GOAL AND DECKS: 'Full faction decks contain the fixed 30-card starter recipe: 20 Allies and
    10 Tactics' (Hearthbound/Skyrunners); Veilborn and Ironmaw: 'eight Ally designs, six Tactics'."""
    tables = GAME.load_ruleset("0.36").tables
    for faction, info in tables.factions.items():
        starter = info["starter"]
        assert sum(starter.values()) == 30
        allies = {
            c: n for c, n in starter.items() if tables.cards[tables.card_index(c), V.C_KIND] == V.KIND_ALLY
        }
        tactics = {c: n for c, n in starter.items() if c not in allies}
        if faction in ("hearthbound", "skyrunners"):
            assert sum(allies.values()) == 20 and sum(tactics.values()) == 10
        else:
            assert len(allies) == 8 and len(tactics) == 6


def test_assumed_data_is_listed():
    assumed = GAME.load_ruleset("0.36").assumed
    assert any("vesperant" in line for line in assumed) and len(assumed) > 20


def write_deck(tmp_path: Path, cards: dict, faction: str = "veilborn", **extra) -> Path:
    path = tmp_path / "deck.yaml"
    path.write_text(yaml.safe_dump({"faction": faction, "cards": cards, **extra}))
    return path


def starter(faction: str) -> dict:
    return dict(GAME.load_ruleset("0.36").tables.factions[faction]["starter"])


def test_custom_deck_ok(tmp_path):
    deck = starter("veilborn")
    path = write_deck(tmp_path, deck)
    ruleset = GAME.load_ruleset("0.36")
    matchups = GAME.load_matchups(ruleset, [f"custom:{path}/morrow vs ironmaw/rauk"])
    assert matchups[0].matchup_id.startswith("custom-deck-") and matchups[0].sides[1] == "ironmaw/rauk"


@pytest.mark.parametrize(
    "change,message",
    [
        (lambda d: d.__setitem__("vesperant", 4) or d.__setitem__("gloam_seer", 2), "at most 3 per identity"),
        (lambda d: d.__setitem__("vanta", 2) or d.__setitem__("gloam_seer", 2), "at most 1 per deck"),
        (lambda d: d.__setitem__("gloam_seer", 2) or d.__setitem__("tusk_scout", 1), "belongs to ironmaw"),
        (lambda d: d.__setitem__("no_such_card", 1), "unknown card 'no_such_card'"),
        (lambda d: d.__setitem__("shade_bolt", 2), "deck has 31 cards"),
    ],
)
def test_bad_custom_decks(tmp_path, change, message):
    """Rulebook, GOAL AND DECKS: 'exactly 30 cards ... up to three copies per identity; Vanta has an
    explicit maximum-one rule.' Custom deck parsing follows the selected faction."""
    deck = starter("veilborn")
    change(deck)
    path = write_deck(tmp_path, deck)
    with pytest.raises(UserError) as info:
        GAME.load_matchups(GAME.load_ruleset("0.36"), [f"custom:{path}/nyxara vs ironmaw/rauk"])
    text = one_line(info.value)
    assert message in text and str(path) in text


def test_unknown_key_in_deck(tmp_path):
    path = write_deck(tmp_path, starter("veilborn"), colour="red")
    with pytest.raises(UserError, match="unknown key 'colour'"):
        data.load_custom_deck(str(path), GAME.load_ruleset("0.36").tables)


@pytest.mark.parametrize(
    "change,message",
    [
        (lambda c: c["cards"]["hearthshell"].__setitem__("guard", 0), "cards.hearthshell.guard"),
        (lambda c: c["cards"]["hearthshell"].__setitem__("flavour", "x"), "unknown key 'flavour'"),
        (
            lambda c: c["cards"]["hearthshell"].__setitem__("keywords", ["teleport"]),
            "unknown keyword 'teleport'",
        ),
        (lambda c: c["cards"]["mend"].__setitem__("effect", "explode"), "unknown or missing effect"),
        (lambda c: c["cards"]["mend"].pop("amount"), "needs an 'amount'"),
        (lambda c: c["cards"]["vanta"].__setitem__("kind", "relic"), "kind must be"),
    ],
)
def test_bad_cards(data_dir, change, message):
    edit(data_dir / "cards.yaml", change)
    with pytest.raises(UserError) as info:
        data.load_tables("0.36", data_dir)
    text = one_line(info.value)
    assert message in text and "cards.yaml" in text


def test_bad_edition(data_dir):
    edit(data_dir / "editions" / "pre-0.36.yaml", lambda e: e["rules"].__setitem__("claim_max", 3))
    with pytest.raises(UserError, match="unknown rule 'claim_max'"):
        data.load_tables("pre-0.36", data_dir)
    edit(data_dir / "editions" / "0.36.yaml", lambda e: e.__setitem__("base", "pre-0.36"))
    with pytest.raises(UserError, match="cycle"):
        data.load_tables("0.36", data_dir)


def test_unknown_edition_and_matchups():
    with pytest.raises(UserError, match="unknown edition"):
        GAME.load_ruleset("0.99")
    ruleset = GAME.load_ruleset("0.36")
    with pytest.raises(UserError, match="not a hearthbound Companion"):
        GAME.load_matchups(ruleset, ["hearthbound/skara vs ironmaw/rauk"])
    with pytest.raises(UserError, match="unknown faction"):
        GAME.load_matchups(ruleset, ["elves/x vs ironmaw/rauk"])
    with pytest.raises(UserError, match="not an Ally"):
        GAME.load_matchups(ruleset, ["hearthbound/brindle@mend vs ironmaw/rauk"])


def test_matchup_sets():
    ruleset = GAME.load_ruleset("0.36")
    all_factions = GAME.load_matchups(ruleset, "all_factions")
    assert (
        len(all_factions) == 16 and all_factions[0].matchup_id == "hearthbound-brindle_vs_hearthbound-brindle"
    )
    eight = GAME.load_matchups(ruleset, "companions_8x8")
    assert len(eight) == 64 and len({m.matchup_id for m in eight}) == 64
    featured = GAME.load_matchups(ruleset, ["hearthbound/brindle@thornrush vs ironmaw/skara"])[0]
    assert featured.matchup_id == "hearthbound-brindle+thornrush_vs_ironmaw-skara"


def test_bad_policy_weights(data_dir):
    edit(data_dir / "policies" / "greedy_fighter.yaml", lambda p: p["weights"].__setitem__("bravery", 1.0))
    with pytest.raises(UserError, match="unknown key 'bravery'"):
        data.load_policy_file("greedy_fighter", data_dir)
    edit(data_dir / "policies" / "greedy_explorer.yaml", lambda p: p["weights"].__setitem__("renown", "lots"))
    with pytest.raises(UserError, match="weight must be a number"):
        data.load_policy_file("greedy_explorer", data_dir)
    for not_finite in (float("nan"), float("inf"), -1e12):  # the kernels assume finite values
        edit(data_dir / "policies" / "greedy_explorer.yaml", lambda p, v=not_finite: p["weights"].__setitem__("renown", v))
        with pytest.raises(UserError, match="weight must be a finite number"):
            data.load_policy_file("greedy_explorer", data_dir)
    with pytest.raises(UserError, match="unknown policy"):
        GAME.load_policy("cheater")


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda p: p.pop("worlds"), "worlds: missing 'worlds'"),
        (lambda p: p.__setitem__("iterations", 5000), "iterations: must be between 1 and 4096"),
        (lambda p: p.__setitem__("exploration", float("nan")), "exploration: must be a number from 0 to 10"),
        (lambda p: p.__setitem__("rollouts", 2), "rollouts: 'rollouts' is only for search bots"),
        (lambda p: p.__setitem__("candidates", 17), "candidates: must be between 1 and 16"),
    ],
)
def test_bad_ismcts_budget(data_dir, change, message):
    edit(data_dir / "policies" / "ismcts_32.yaml", change)
    with pytest.raises(UserError) as info:
        data.load_policy_file("ismcts_32", data_dir)
    text = one_line(info.value)
    assert message in text and "ismcts_32.yaml" in text


def test_a_budget_key_outside_a_search_bot_is_refused(data_dir):
    edit(data_dir / "policies" / "greedy_fighter.yaml", lambda p: p.__setitem__("iterations", 8))
    with pytest.raises(UserError, match="'iterations' is only for ismcts bots"):
        data.load_policy_file("greedy_fighter", data_dir)


def test_vocabulary_constants_are_consistent():
    """The kernels' numeric codes match the names the loader uses."""
    rule_codes = sorted(v for k, v in vars(V).items() if k.startswith("R_") and isinstance(v, int))
    assert rule_codes == list(range(V.N_RULES))
    keyword_codes = sorted(v for k, v in vars(V).items() if k.startswith("KW_") and isinstance(v, int))
    assert keyword_codes == list(range(V.N_KEYWORDS))
    effect_codes = sorted(v for k, v in vars(V).items() if k.startswith("EF_") and isinstance(v, int))
    assert effect_codes == list(range(len(V.EFFECTS)))
    assert (
        V.RULE["claim_the_way_max"] == V.R_CLAIM_MAX
        and V.RULE["opening_second_extra_charge"] == V.R_OPENING_SECOND_EXTRA_CHARGE
        and V.RULE["nyxara_open_cost_gate_sovereign"] == V.R_NYX_COST_GATE_SOVEREIGN
    )
    assert V.KW["gate_sovereign_open"] == V.KW_GATE_SOVEREIGN and V.KW["stormdancer_move"] == V.KW_STORMDANCER
    assert V.EFFECT["open_netherway_draw"] == V.EF_OPEN_NETHER_DRAW


def test_pre_036_companions_differ_only_in_guard():
    """Rulebook, STARTING GUARD 5: 'All eight Companions start with Guard 5 in new matches. Force, Insight and
    abilities are unchanged.' The older edition's Guard 4 is assumed; nothing else of a Companion differs."""
    new, old = GAME.load_ruleset("0.36").tables, GAME.load_ruleset("pre-0.36").tables
    for profile in new.companion_profile:
        assert new.profiles[profile, V.PF_GUARD] == 5 and old.profiles[profile, V.PF_GUARD] == 4
        for column in [V.PF_FORCE, V.PF_INSIGHT] + list(range(V.PF_KW, V.PROFILE_WIDTH)):
            assert new.profiles[profile, column] == old.profiles[profile, column]


def test_vanta_one_copy_in_the_veilborn_starter():
    """Rulebook, VANTA / MYTHBOUND: 'One copy in the Veilborn starter; maximum one per custom deck.'"""
    tables = GAME.load_ruleset("0.36").tables
    assert tables.factions["veilborn"]["starter"]["vanta"] == 1
    assert all("vanta" not in info["starter"] for name, info in tables.factions.items() if name != "veilborn")


def test_veilborn_costs_that_remain():
    """Rulebook, BALANCE UPDATE 0.36, Veilborn: 'Wispweaver remains 1 Charge; Vesperant remains 2.'"""
    for edition in ("0.36", "pre-0.36"):
        tables = GAME.load_ruleset(edition).tables
        assert tables.cards[tables.card_index("wispweaver"), V.C_COST] == 1
        assert tables.cards[tables.card_index("vesperant"), V.C_COST] == 2


def test_companions_and_paths_per_faction():
    """Rulebook, FOUR-FACTION DIGITAL DRAFT: 'one of two Companions per side ... Veilborn and Ironmaw each add
    two Companions ... and four path choices.' SHIFT AND COMPANION PATHS: 'Brindle: Hearthkeeper or
    Trailblazer; Vey: Windguide or Stormwing; Korr: Shellwarden or Bridgewright; Nima: Chartweaver or
    Stormdancer.'"""
    tables = GAME.load_ruleset("0.36").tables
    paths = dict(zip(tables.companion_ids, tables.path_ids, strict=True))
    for info in tables.factions.values():
        assert len(info["companions"]) == 2 and all(len(paths[c]) == 2 for c in info["companions"])
    assert paths["brindle"] == ("hearthkeeper", "trailblazer") and paths["vey"] == ("windguide", "stormwing")
    assert paths["korr"] == ("shellwarden", "bridgewright") and paths["nima"] == ("chartweaver", "stormdancer")


def test_custom_deck_has_no_required_ally_tactic_ratio(tmp_path):
    """Rulebook, GOAL AND DECKS: 'Custom build lets either or both sides edit their faction list to exactly
    30 cards, with no required Ally/Tactic ratio.' Three Allies and 27 Tactics (neutral ones included)."""
    cards = {"wispweaver": 3, "unseal_the_netherway": 3, "stolen_horizon": 3, "passage_unseen": 3, "unravel": 3,
             "veil_whisper": 3, "shade_bolt": 3, "mend": 3, "shared_shelter": 3, "span_repair": 3}
    path = write_deck(tmp_path, cards)
    faction, counts = data.load_custom_deck(str(path), GAME.load_ruleset("0.36").tables)
    assert faction == "veilborn" and sum(counts.values()) == 30


def deck_variant(data_dir: Path, name: str, starter: dict, base: str = "0.36") -> None:
    (data_dir / "editions" / f"{name}.yaml").write_text(
        yaml.safe_dump({"base": base, "description": "a deck variant", "faction_errata": {"hearthbound": {"starter": starter}}})
    )


def test_a_deck_variant_is_an_edition_checked_as_any_deck(data_dir):
    """Issue 20: a deck variant is a delta over an edition (`faction_errata`), so `sim ab` compares it
    with its base on common deals. Rulebook, GOAL AND DECKS: 'Custom build lets either or both sides
    edit their faction list to exactly 30 cards, with no required Ally/Tactic ratio. Use up to three
    copies per identity'."""
    deck_variant(data_dir, "swap", {"thornrush": 2, "cinderbolt": 2})
    base, variant = data.load_tables("0.36", data_dir), data.load_tables("swap", data_dir)
    changed = {card: (base.factions["hearthbound"]["starter"].get(card), count)
               for card, count in variant.factions["hearthbound"]["starter"].items()
               if base.factions["hearthbound"]["starter"].get(card) != count}
    assert changed == {"thornrush": (3, 2), "cinderbolt": (1, 2)}
    assert variant.factions["skyrunners"] == base.factions["skyrunners"]
    deck_variant(data_dir, "removed", {"mend": 0, "cinderbolt": 2})  # 0 takes a card out
    assert "mend" not in data.load_tables("removed", data_dir).factions["hearthbound"]["starter"]
    deck_variant(data_dir, "chained", {"cinderbolt": 3, "thornrush": 1}, base="swap")  # merged along the chain
    assert data.load_tables("chained", data_dir).factions["hearthbound"]["starter"]["thornrush"] == 1

    for name, starter, message in [
        ("short", {"thornrush": 0}, "deck has 27 cards: exactly 30 required"),
        ("four", {"thornrush": 4, "mend": 0}, "at most 3 per identity"),
        ("foreign", {"ribbon_scout": 1, "mend": 0}, "belongs to skyrunners, not hearthbound"),
        ("negative", {"mend": -1}, "must be between 0 and 99"),
    ]:
        deck_variant(data_dir, name, starter)
        with pytest.raises(UserError) as info:
            data.load_tables(name, data_dir)
        text = one_line(info.value)
        assert message in text and f"{name}.yaml" in text and "faction_errata.hearthbound.starter" in text
    (data_dir / "editions" / "typo.yaml").write_text("base: '0.36'\nfaction_errata:\n  hearthbond: {starter: {mend: 0}}\n")
    with pytest.raises(UserError, match="unknown faction 'hearthbond' \\(did you mean 'hearthbound'\\?\\)"):
        data.load_tables("typo", data_dir)


def test_a_deck_variant_plays_the_same_deals_as_the_deck_it_varies(data_dir):
    """The variant keeps the faction's matchup id, the seed key of its deals: a variant that sets a card
    to the copies it already has plays exactly the base's matches; a real change keeps the seeds."""
    from sim.core import worker
    from sim.core.game import content_hash
    from sim.core.seating import seats_for
    from sim.games.waybound.game import Waybound

    game = Waybound(data_dir)
    deck_variant(data_dir, "same", {"thornrush": 3})
    deck_variant(data_dir, "swap", {"thornrush": 2, "cinderbolt": 2})
    entry = ["hearthbound/brindle vs skyrunners/vey"]
    bots = (game.load_policy("greedy_explorer"),)
    results = {}
    for edition in ("0.36", "same", "swap"):
        ruleset = game.load_ruleset(edition)
        matchup = game.load_matchups(ruleset, entry)[0]
        seeds = worker.seed_block(7, matchup, 0, 40)
        results[edition] = (matchup.matchup_id, seeds.matchup_key, content_hash(matchup.payload["decks"]),
                            game.play_batch(ruleset, matchup, seats_for(bots, matchup), seeds))
    assert results["same"][:3] == results["0.36"][:3]
    for column in ("winner", "turns", "score"):
        assert (getattr(results["same"][3], column) == getattr(results["0.36"][3], column)).all()
    assert results["swap"][:2] == results["0.36"][:2] and results["swap"][2] != results["0.36"][2]

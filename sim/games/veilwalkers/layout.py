"""Veilwalkers' state layout and its action and event encodings (engine.py's docstring sums them up).

The state of a match is one int64 vector: global fields, then one block per Company (seat). A Site is
``ring * 6 + local`` (Ring I is ring 0, the outermost; Ring VI is ring 5), First Bloom is BLOOM; a
piece off the board is NOWHERE.
"""

from __future__ import annotations

# ---- the board
RINGS = 6
SITES = 6
BLOOM = 36
NOWHERE = -1
LOST = 40  # LOST + world sector: Lost in the Fray, its Exit at that world sector of the next physical Ring
BOUNDARIES = 5  # the inter-Ring boundaries I-II ... V-VI
TOKENS = 5  # Remembrances
NODES = 3  # per Company: Lamps (Garden) or Waystations (Wayfarer)
SETTLEMENTS = 5  # each with one neutral Local (Rings I-V)
SENTINELS = 2  # the board Sentinels (Waking Cairn V S1, Quiet Thorn Court VI S1)

# ---- capacities
SEATS = 2
DECK_CAP = 30
HAND_CAP = 32
LOOM_CAP = 20
FIG_CAP = 16  # Figures in play per Company
REL_CAP = 12  # Installed Relics in play per Company
MAX_LEGAL = 512

# ---- global fields
G_ROUND = 0  # current Round, from 1 (a Round: one turn of each Company)
G_TURNS = 1  # Company turns started in total
G_SIDE = 2  # seat of the Company whose turn it is (seat 0 moves first)
G_PHASE = 3  # PH_*
G_PENDING = 4  # DEC_* the decision awaited
G_DECIDER = 5  # the seat to decide
G_DONE = 6
G_WINNER = 7  # seat of the winner; -1 none or a draw
G_END_REASON = 8
G_ERROR = 9
G_ORDER = 10  # the seat order this match plays (sim/core/seating.py)
G_EVENTS = 11  # events written so far
G_ACTIONS = 12  # shared Actions left this turn
G_BLOOM_OPEN = 13  # 1 once a Veilwalker has entered First Bloom
G_DECISIONS = 14
G_STRIKER = 15  # a Thread Strike awaiting the defender's interception choice: the attacker's Figure slot
G_START = 16  # the Ring I local Site chosen by the coin flip's winner
G_TARGET = 17  # the pending attack's target: -1 a Thread Strike, 0-2 the Veilbound a Drive Off displaces,
#   RAZE_TARGET + k the opposing Installed Relic in slot k a Raze attacks
RAZE_TARGET = 8
G_DREW = 18  # 1 once a card has been drawn this Round (the Closing Spiral's drawless count)
G_DRAWLESS = 19  # complete Rounds passed without a draw since both decks were empty
G_OFFSET = 20  # 6 fields: each Ring's clockwise offset (world sector = (local + offset) mod 6)
G_TOKEN = 26  # 5 Remembrances x TOKEN_W
TOKEN_W = 4
TK_SITE = 0  # the Site it lies at, or NOWHERE while carried
TK_CARRIER = 1  # the seat whose Veilwalker carries it, or -1
TK_DISLODGED_FROM = 2  # the seat a Thread Strike dislodged it from, or -1
TK_WINDOW = 3  # that seat may not reclaim it while G_TURNS <= this value
G_FRAYING = G_TOKEN + TOKENS * TOKEN_W  # the Ring (0-4) Fraying this Round, or -1
G_CLOSED = G_FRAYING + 1  # Rings closed so far: Rings 0 .. G_CLOSED - 1 (they close outermost first)
G_REACTION = G_CLOSED + 1  # an Escape's arrival reaction: the arriving Figure's slot, or -1
G_WATCHER_SITE = G_REACTION + 1  # the Watcher's Site (NOWHERE once removed)
G_WATCHER = G_WATCHER_SITE + 1  # WATCHER_*
G_WATCHER_DAMAGE = G_WATCHER + 1
G_WATCHER_ROUND = G_WATCHER_DAMAGE + 1  # statistics: the Round the Watcher awoke (0: still Dormant)
G_CLOSING_ROUND = G_WATCHER_ROUND + 1  # statistics: the Round at whose end the Closing Spiral began (0: never)
G_LOCAL = G_CLOSING_ROUND + 1  # 5: each settlement's Local, LOCAL_*
G_SENTINEL = G_LOCAL + SETTLEMENTS  # 2: each board Sentinel, SENTINEL_*
G_REMEMBERED = G_SENTINEL + SENTINELS  # Site states: bit s set once Site s is Remembered (else Neutral)
G_REACTION_DIE = G_REMEMBERED + 1  # the pending arrival reaction's die: 3-4 the -1 Power, 5-6 the Challenge
# Lateral roads: road ``ring * 6 + k`` joins local Sites k and k + 1 of that Ring (the clockwise road of
# S*k*). A road belongs to its Ring's two Sites and turns with them ("Rotation carries a Ring's Sites and
# everything attached to them"), so its state is a bit of the local pair, not of the world sectors.
G_ROADS_BROKEN = G_REACTION_DIE + 1  # bit r: road r is Broken ("Broken requires repair")
G_ROADS_CLOSED = G_ROADS_BROKEN + 1  # 2: bit r closed by seat k's effect, until the start of k's next turn
G_ALIGN_CHAIN = G_ROADS_CLOSED + 2  # the chain (CHAIN_TURN, CHAIN_THREADLINE) a pending invocation would use
G_ALIGN_LOSS = G_ALIGN_CHAIN + 1  # Thread the card that added the Glyph made the opponent lose (AP-11)
# The Threadline (rules/threadline.py): "the sequence of pending effects and responses" a legal declaration
# opens, its priority and its one-Quick-Event allowances
G_TL_OPEN = G_ALIGN_LOSS + 1  # 1 while a Threadline is open (from its declaration until it ends)
G_TL_N = G_TL_OPEN + 1  # pending effects on it (the newest is entry G_TL_N - 1)
G_TL_PRIORITY = G_TL_N + 1  # the seat holding priority
G_TL_PASSES = G_TL_PRIORITY + 1  # consecutive passes (two resolve the newest effect)
G_TL_QUICK = G_TL_PASSES + 1  # bit k: seat k has played its Quick Event into this Threadline
G_TL_STACK = G_TL_QUICK + 1  # TL_CAP entries x TL_W, oldest first
TL_CAP = 8
TL_W = 5
TL_KIND, TL_SEAT, TL_ID, TL_ARG, TL_CANCELLED = range(TL_W)
# TL_KIND: TL_PLAY a card declared in the Shape (TL_ARG its A_PLAY b), TL_QUICK a Quick Event played as a
# response (TL_ARG: for a cancel, the index + 1 of the entry it cancels; 0 none), TL_ALIGNMENT an invocation
# (TL_ID the Alignment, TL_ARG its choice | the Thread its completing card took << 8); TL_CANCELLED: 1 once a cancel has resolved against it
TL_PLAY, TL_QUICK, TL_ALIGNMENT = 1, 2, 3
GLOBALS = G_TL_STACK + TL_CAP * TL_W
WATCHER_DORMANT, WATCHER_HIDDEN, WATCHER_REVEALED, WATCHER_REMOVED = range(4)
# a settlement's Local: waiting to be recruited, recruited (a Figure of the recruiting Company), or gone
# (its Recruit defeated: "destroys that settlement ... permanently"; or its Ring closed)
LOCAL_WAITING, LOCAL_RECRUITED, LOCAL_GONE = range(3)
# a board Sentinel: Dormant, awakened (a Figure of the awakening Company), or gone ("Broken means
# permanently removed"; or its Ring closed)
SENTINEL_DORMANT, SENTINEL_AWAKENED, SENTINEL_GONE = range(3)

# ---- one block per seat
P_THREAD = 0
P_RESONANCE = 1
P_COMPANY = 2  # vocab.GARDEN or vocab.WAYFARER
P_TURNS = 3  # own turns started
P_DECK_N = 4  # cards left in the deck (the top is P_DECK + P_DECK_N - 1)
P_HAND_N = 5
P_LOOM_N = 6
P_DISCARD_N = 7
P_FREE_TURNPOINT = 8  # Garden's free Turnpoint use spent this turn
P_DISASTER = 9  # a Disaster played this Round
P_STRIKES = 10  # statistics: Thread taken from the opponent by Thread Strikes
P_CLAIMS = 11  # statistics: Remembrances claimed
P_ROTATIONS = 12  # statistics: Ring rotations
P_BROKEN = 13  # statistics: enemy Figures Broken
P_ATTENTION = 14  # the Watcher's Attention, 0-3
P_REMNANT = 15  # Remnants held (Close the Eye)
P_VB_SITE = 16  # 3: Veilwalker, Wayfinder, Rememberer
P_VB_READY = 19  # 3
P_NODE_CREDIT = 22  # 3: first activation recorded (permanent history)
P_NODE_ACTIVE = 25  # 3
P_RITE_DONE = 28  # 5 boundaries
P_WAYMARK = 33  # 5
P_RITE_MARK = 38  # 5: Dominion marker / Return "Departed" / Burden "arrived carrying"
P_THREADS = 43  # 5: Three Threads marks (THREAD_* bits)
P_VB_IMMUNE = 48  # 3: driven off, immune to another Drive Off until its Company's next Remember
P_GROWTH = 51  # Garden's Growth, 0-3
P_DISRUPTION = 52  # Wayfarer's Disruption, 0-3
P_GAINED_ROUND = 53  # the Round of the last Growth or Disruption gained (at most one per Round)
P_BREAK_THROUGH = 54  # 1 while Break Through waits for the turn's next Traverse
P_ESCAPES = 55  # statistics: Lost units escaped (Escape or Force the Breach)
P_LAID_LOW = 56  # Lay Low used this turn
P_STRONGHOLD = 57  # the Site of the Company's active Stronghold, or NOWHERE
P_FOUNDATION = 58  # the Site of its Foundation (a relocation under way), or NOWHERE
P_FOUNDATION_TURN = 59  # G_TURNS when the Foundation was placed ("On a later turn pay one Action to finish")
P_STRONGHOLD_DEPLOY = 60  # the Round of the last Ally deployed at the Stronghold ("once per Round")
P_TURN_GLYPH = 61  # Rite of Two Voices: the first Glyph the Company's cards resolved this turn (0 none)
P_SEVERANCE = 62  # Rite of Severance this turn: bit 2b Thread damaged, bit 2b+1 Thread restored at Gate b
P_RINGS_HELD = 63  # Rite of the Last Place: bit r once the Company controlled a Site on Ring r
P_VISITED = 64  # bit s once any piece of the Company stood on Ring Site s (the Patrol's "previously visited")
P_PATROL = 65  # the Figure slot of the Company's Patrol while it is on the board, or -1 (off-board)
P_PATROL_ROUND = 66  # the Round its "first opposing Figure arrival each Round" was last Exhausted (0: never)
P_PATROL_DEPLOYS = 67  # Patrol deployments so far: after the first, each is a replacement after removal
P_TURN_CHAIN = 68  # 3: the Turn Chain's Glyphs, oldest first (vocab.GLYPHS codes)
P_TURN_CHAIN_N = 71
P_THREADLINE_CHAIN = 72  # 3: the Threadline Chain's Glyphs, oldest first
P_THREADLINE_CHAIN_N = 75
P_ALIGNED = 76  # bit k: Alignment k invoked this Round ("once per named Alignment per Company per Round")
P_NO_RESTORE = 77  # AP-11: the Company cannot restore Thread while G_TURNS equals this value (0: no such effect)
P_INVOCATIONS = 78  # statistics: Alignments invoked
P_FREE_WAYMARK = 79  # AP-12 The Story Opens this turn: the boundary + 1 whose Waymark costs 0 Actions (0 none)
# Relics (rules/relics.py): the Company's own Portable Relics in play, in its block whoever controls them
# ("Ownership remains the original player's even when control changes"), then the Awakening record of
# each Installed Relic slot
P_PORTABLE = 80  # PORT_CAP records x PORT_W
PORT_CAP = 4
PORT_W = 5
PT_CARD, PT_SEAT, PT_SLOT, PT_SITE, PT_WAKE = range(PORT_W)  # PT_CARD -1: empty
# PT_SEAT: the controller (the bearer's Company, or the last one while Dropped); PT_SLOT: the bearer's
# Figure slot, or -1 while Dropped; PT_SITE: the Site it lies Dropped at, or NOWHERE while borne;
# PT_WAKE (and P_REL_WAKE): while Dormant, the controller's achievement count (vocab.AWAKEN_CONDITIONS)
# when it entered play or changed control; AWAKENED once Awakened
P_REL_WAKE = P_PORTABLE + PORT_CAP * PORT_W  # REL_CAP: the Awakening record of Installed Relic slot k
AWAKENED = -1
P_FIG = P_REL_WAKE + REL_CAP
FIG_W = 9
F_CARD, F_SITE, F_DAMAGE, F_READY, F_HELD, F_SHOCKED, F_UNIT, F_HOME, F_POWER_CHANGE = range(FIG_W)  # F_CARD -1: empty
# F_SHOCKED: Veilshock, "skip its next Remember Ready"; F_UNIT: UNIT_* (a deck card, or a board unit whose
# F_CARD is its unit row, tables.unit_card); F_HOME: a board unit's home Site (NOWHERE for deck cards);
# F_POWER_CHANGE: temporary Power until its Company's next Remember (the arrival reaction's -1); a Patrol's
# F_HOME is NOWHERE (its home is wherever the Company's Stronghold stands)
UNIT_NONE, UNIT_RECRUIT, UNIT_SENTINEL, UNIT_PATROL = range(4)
P_REL = P_FIG + FIG_CAP * FIG_W
REL_W = 4
R_CARD, R_SITE, R_MUTED, R_SUPPRESSED = range(REL_W)  # R_MUTED: Muted by Wayfarer (no text, Presence or
# activations); R_SUPPRESSED: by the Watcher, "until the end of its controller's next turn"
P_DECK = P_REL + REL_CAP * REL_W
P_HAND = P_DECK + DECK_CAP
P_LOOM = P_HAND + HAND_CAP
P_DISCARD = P_LOOM + LOOM_CAP
P_RESPONSES = P_DISCARD + DECK_CAP  # statistics: Quick Events played as responses
# Temporary effects (rules/temporary.py), each with the stamp of its period: one record per Figure slot,
# then the Company's own
P_TEMP = P_RESPONSES + 1  # FIG_CAP records x TEMP_W, record k for Figure slot k
TEMP_W = 8
TM_TURN_POWER, TM_WEAKEN, TM_TURN, TM_ROUND_POWER, TM_ROUND, TM_WARD, TM_RESCUE, TM_GUARD = range(TEMP_W)
# TM_TURN_POWER: Power gained until end of turn (AP-10); TM_WEAKEN: Power lost until end of turn, never
# below 1 (AV-10); TM_TURN: the G_TURNS of those two; TM_ROUND_POWER: Power gained until end of Round
# (AP-07), TM_ROUND its G_ROUND; until its Company's next Remember: TM_WARD the first Challenge damage's
# reduction still to come (AP-09), TM_RESCUE 1 while the Break rescue waits (AV-03), TM_GUARD the
# Company's P_TURNS when either was given
P_TEMP_RESONANCE = P_TEMP + FIG_CAP * TEMP_W  # temporary Resonance gained (AP-10), until the next Remember
P_TEMP_RESONANCE_TURNS = P_TEMP_RESONANCE + 1  # the Company's P_TURNS when it was gained
P_BROKE_TURN = P_TEMP_RESONANCE_TURNS + 1  # G_TURNS when a card the Company controlled was last Broken (0 never)
P_HOLD_PRESENCE = P_BROKE_TURN + 1  # AV-09: Presence added at the Veilwalker's Site until the next Remember
P_HOLD_TURNS = P_HOLD_PRESENCE + 1  # the P_TURNS when AV-09 was invoked (its Thread Strike Drop protection too)
P_KEPT_TOKEN = P_HOLD_TURNS + 1  # AV-03: the Remembrance + 1 kept from opposing Drops until the next Remember
P_KEPT_TURNS = P_KEPT_TOKEN + 1
P_HELD_GATE = P_KEPT_TURNS + 1  # AV-04: the boundary + 1 whose Gate the Company's next Traverse treats as aligned
P_HELD_GATE_TURN = P_HELD_GATE + 1  # the G_TURNS it was given in ("this turn")
P_WALKER_SITES = P_HELD_GATE_TURN + 1  # bit s once the Veilwalker itself stood on Ring Site s (AV-08's "previously occupied")
P_UNSEEN_SITE = P_WALKER_SITES + 1  # AV-12: the Site + 1 whose next Waymark or Traverse ignores the Revealed Watcher (0 none)
P_UNSEEN_TURN = P_UNSEEN_SITE + 1  # the G_TURNS it was given in ("Until end of turn")
SEAT_SIZE = P_UNSEEN_TURN + 1
STATE_SIZE = GLOBALS + SEATS * SEAT_SIZE

VEILWALKER, WAYFINDER, REMEMBERER = 0, 1, 2
PIECE_FIGURE = 3  # pieces 0..2 are the Veilbound, 3 + k Figure slot k
THREAD_CREATION, THREAD_STORY, THREAD_MEMORY, THREAD_FALLBACK_USED = 1, 2, 4, 8

# ---- phases and decisions
PH_SETUP, PH_WEAVE, PH_SHAPE, PH_END, PH_OVER = range(5)
DEC_NONE, DEC_MULLIGAN, DEC_START, DEC_WEAVE, DEC_SHAPE, DEC_DISCARD, DEC_INTERCEPT, DEC_REACTION, DEC_INVOKE, \
    DEC_RESPOND = range(10)
# respond: the seat holding priority in a Threadline has a legal Quick Event (a seat without one passes: no decision)
# invoke: a Glyph was added and completes an Alignment the Company may invoke (or decline)
CHAIN_TURN, CHAIN_THREADLINE = 0, 1
CHAIN_CAP = 3  # "each holding at most three Glyphs"
# intercept: a Thread Strike, Drive Off or Raze; reaction: an Escape's arrival reaction (-1 Power or a Challenge)

# ---- actions: kind << 16 | a << 8 | b
A_MULLIGAN = 1  # a: bit mask of opening-hand positions put on the bottom
A_START = 2  # a: Ring I local Site
A_WEAVE = 3  # a: hand index
A_NO_WEAVE = 4
A_END_SHAPE = 5
A_PLAY = 6  # a: hand index
A_MOVE = 7  # a: piece, b: 0 clockwise / 1 counterclockwise
A_TRAVERSE = 8  # a: piece, b: 0 inward / 1 outward (from Ring VI inward is First Bloom)
A_ESCORT = 9  # the Veilwalker traverses with one Ally: a: the Ally's Figure slot, b: direction
A_TRIO = 10  # all three Veilbound through one Gate: b: direction
A_ROTATE = 11  # a: ring, b: 0 clockwise / 1 counterclockwise
A_WAYMARK = 12  # a: boundary
A_ACTIVATE = 13  # a: node
A_CLAIM = 14  # a: Remembrance
A_CHALLENGE = 15  # a: attacker slot, b: defender slot
A_STRIKE = 16  # a: attacker slot
A_PRESENT = 17  # Rite of Burden: a: boundary
A_OFFER = 18  # Rite of Offering: a: hand index
A_FALLBACK = 19  # Three Threads fallback: a: boundary, b: thread bit
A_LINK = 20  # Wayfarer's Connected Waystations: a: piece, b: destination node
A_DISCARD = 21  # a: hand index
A_INTERCEPT = 22  # a: interceptor slot
A_NO_INTERCEPT = 23
A_DRIVE_OFF = 24  # a: attacker slot, b: the opposing Veilbound
A_RAZE = 25  # a: attacker slot, b: the opposing Installed Relic's slot
A_MUTE = 26  # Wayfarer Mutes an opposing Installed Relic: a: its slot
A_REACTIVATE = 27  # a: the own Muted Relic's slot
A_BREAK_THROUGH = 28  # Wayfarer spends three Disruption: the turn's next Traverse costs no base Action
A_ESCAPE = 29  # a Lost unit to its open Exit: a: piece, b: 0, or 1 + the Lost Ally's slot a Veilwalker brings
A_BREACH = 30  # Force the Breach: the Lost Veilwalker to its blocked Exit
A_REACT = 31  # the arrival reaction's Challenge: a: the defender's Figure slot
A_NO_REACT = 32
A_CHALLENGE_WATCHER = 33  # a: attacker slot
A_CLOSE_EYE = 34  # b: 0, or 1 + the opposing Figure's slot Veilshock will strike (declared with the ritual)
A_LAY_LOW = 35
A_REMNANT = 36  # a: piece, b: direction
A_ESTABLISH = 37  # the Veilwalker establishes the Stronghold at its Site (or places a Foundation to relocate it)
A_FINISH = 38  # finish the Foundation into the Stronghold
A_DESTROY = 39  # a: the attacker's Figure slot, against the opposing undefended Stronghold at its Site
A_TRIAL = 40  # Rite of Challenge's Trial of Strength: a: the Figure's slot, b: boundary
A_SACRIFICE = 41  # Rite of Loss: voluntarily Break an own Figure at the Gate: a: its slot, b: boundary
A_SEARCH = 42  # Rite of the Unseen's Search the Veil: a: boundary
A_RECRUIT = 43  # a: the Ready Veilbound at the settlement, b: the settlement
A_AWAKEN = 44  # the Veilwalker awakens a Dormant board Sentinel at its Site: b: the Sentinel
A_PATROL = 45  # deploy the Company's Patrol: a: the destination Site
A_PATROL_MOVE = 46  # move the Patrol one or two Sites: a: the destination Site
A_RECALL = 47  # Recall the Patrol: it leaves the board for later redeployment
A_INVOKE = 48  # a: the Alignment (vocab.ALIGNMENT_IDS index), b: its choice (glyphs.py: ROAD_NONE or ROAD_TARGET + direction)
A_NO_INVOKE = 49  # decline: "Declining leaves the chain intact"
A_CLAIM_RELIC = 50  # Claim a Dropped Portable Relic: a: the claiming Figure's slot, b: owner * PORT_CAP + record
A_RESPOND = 51  # play a Quick Event into the open Threadline: a: hand index
A_PASS = 52  # pass priority
ROAD_NONE = 0  # A_PLAY's b for an Event, Memory or Path with a road effect: no road (its other effects only),
ROAD_TARGET = 1  # or ROAD_TARGET + direction: the road clockwise (0) or counterclockwise (1) of the Veilwalker's Site
PLAY_AT_STRONGHOLD = 1  # A_PLAY's b: an Ally deployed at the Stronghold instead of the Veilwalker's Site
PLAY_BEHIND_LINES = 2  # A_PLAY's b from here: Behind the Lines, a Deploy at Site b - PLAY_BEHIND_LINES
# a Portable Relic's A_PLAY: b is the bearer's Figure slot (it is equipped, never placed at a Site)
ACTION_NAMES = ("", "mulligan", "start", "weave", "no_weave", "end_shape", "play", "move", "traverse", "escort", "trio",
                "rotate", "waymark", "activate", "claim", "challenge", "strike", "present", "offer", "fallback",
                "link", "discard", "intercept", "no_intercept", "drive_off", "raze", "mute", "reactivate", "break_through",
                "escape", "breach", "react", "no_react", "challenge_watcher", "close_eye", "lay_low", "remnant",
                "establish", "finish", "destroy", "trial", "sacrifice", "search", "recruit", "awaken", "patrol",
                "patrol_move", "recall", "invoke", "no_invoke", "claim_relic", "respond", "pass")

# ---- random streams (keys/counters): stream k < 2 is seat k's deal, 2 + k seat k's bot, 4 the game's
# chance (the coin flip is the seat order itself; the dice: the Watcher's place, awakening and phase,
# Close the Eye, the Escape's arrival reaction)
STREAM_BOT = 2
STREAM_CHANCE = 4
N_STREAMS = 5

# ---- events: rows (kind, seat, a, b, c)
EVENT_WIDTH = 5
EV_TURN = 1  # seat, round, actions
EV_DRAW = 2  # seat, card
EV_WEAVE = 3  # seat, card, loom size
EV_PLAY = 4  # seat, card, site
EV_MOVE = 5  # seat, piece, from, to
EV_ROTATE = 6  # seat, ring, direction, new offset
EV_WAYMARK = 7  # seat, boundary
EV_RITE = 8  # seat, boundary, rite
EV_ACTIVATE = 9  # seat, node, site, first (1) or reactivation (0)
EV_DEACTIVATE = 10  # seat, node, site
EV_CLAIM = 11  # seat, token, site
EV_CHALLENGE = 12  # seat, attacker card, defender card, (attacker broken, defender broken) bits
EV_STRIKE = 13  # seat, attacker card, Thread lost
EV_DISLODGE = 14  # seat (the struck Company), token, site
EV_INTERCEPT = 15  # seat (defender), interceptor card
EV_DISCARD = 16  # seat, card
EV_MULLIGAN = 17  # seat, cards put on the bottom
EV_START = 18  # seat (coin winner), its local Site, the opponent's
EV_BLOOM = 19  # seat, piece
EV_END = 20  # (seat field) winner seat (-1 draw), end reason
EV_EFFECT = 21  # seat, op, amount done
EV_DRIVE_OFF = 22  # seat (the attacker), the driven piece, from, to
EV_RAZE = 23  # seat (the attacker), attacker card, Relic card, 1 if the Relic Breaks
EV_MUTE = 24  # seat (the actor), Relic card, 1 Muted / 0 Reactivated
EV_GAIN = 25  # seat, 0 Growth / 1 Disruption / 2 Break Through spent, the new count
EV_FRAYING = 26  # ring (seat field -1)
EV_CLOSE = 27  # ring (seat field -1)
EV_LOST = 28  # seat, piece, world sector
EV_ESCAPE = 29  # seat, piece, to, 1 Force the Breach
EV_REACTION = 30  # seat (the defender), die, arriving Figure slot or -1
EV_WATCHER = 31  # (seat field -1) the Watcher: Site, its WATCHER_* state, behaviour die (0: none)
EV_ATTENTION = 32  # seat, new Attention
EV_SUPPRESS = 33  # (seat field: the controller) Relic card
EV_CLOSE_EYE = 34  # seat, die, Veilshock's Figure card or -1
EV_REMNANT = 35  # seat, piece, to
EV_STRONGHOLD = 36  # seat, Site, STRONGHOLD_* what happened
EV_UNIT = 37  # seat, UNIT_* kind, Site, UNIT_JOINED / UNIT_DEFEATED / UNIT_REMOVED
EV_REMEMBERED = 38  # seat (whose deed), Site: the Site became Remembered
EV_WEAKEN = 39  # seat (the defender), the arriving Figure's card, its Power now (-1 until next Remember)
EV_ROUTE = 40  # seat (the Patrol's), from, to (NOWHERE: removed, no Stronghold): an Exhausted Patrol attacked
EV_PATROL_HALT = 41  # seat (the Patrol's), the arriving opposing Figure's card, Site: Exhausted by the Patrol
EV_ROAD = 42  # seat (whose effect), road, ROAD_* what happened
EV_GLYPH = 43  # seat, glyph, chain (CHAIN_*), the chain's length after
EV_ALIGNMENT = 44  # seat, Alignment, choice
EV_RELIC = 45  # seat (the controller), Relic card, RELIC_* what happened, Site
EV_RESPOND = 46  # seat, the Quick Event card, the index + 1 of the entry it will cancel (0 none)
EV_CANCEL = 47  # seat (whose effect is cancelled), its card (TL_PLAY/TL_QUICK) or Alignment, the entry's TL_KIND
EV_TEMPORARY = 48  # seat (whose piece), TEMP_* what began or ended, the Figure's card (-1: the Company's), amount
RELIC_EQUIPPED, RELIC_DROPPED, RELIC_CLAIMED, RELIC_AWAKENED, RELIC_DISCARDED = range(5)
# RELIC_DISCARDED: a Dropped Portable Relic's Ring closed (to its owner's discard)
TEMP_POWER, TEMP_WEAKEN, TEMP_ROUND_POWER, TEMP_WARD, TEMP_RESCUE, TEMP_RESONANCE, TEMP_HOLD, TEMP_KEEP, TEMP_EXPIRED, \
    TEMP_WARDED, TEMP_RESCUED, TEMP_GATE, TEMP_UNSEEN = range(13)  # TEMP_WARDED: the ward reduced a Challenge's damage by amount
ROAD_CLOSED, ROAD_BROKEN, ROAD_REPAIRED, ROAD_REOPENED = range(4)  # ROAD_REOPENED: a closure expired
UNIT_JOINED, UNIT_DEFEATED, UNIT_REMOVED, UNIT_RECALLED, UNIT_ROUTED = range(5)
# UNIT_RECALLED: the Patrol Recalled; UNIT_ROUTED: an Exhausted Patrol attacked with no Stronghold ("it is removed")
STRONGHOLD_ESTABLISHED, STRONGHOLD_FOUNDATION, STRONGHOLD_FINISHED, STRONGHOLD_DESTROYED, STRONGHOLD_ABANDONED, \
    STRONGHOLD_REMOVED = range(6)

# ---- card counts per seat and card: (drawn, played, in the opening hand)
COUNT_DRAWN, COUNT_PLAYED, COUNT_OPENING = 0, 1, 2
CARD_COUNT_COLUMNS = 3

# ---- error and invariant codes
ERROR_ILLEGAL_ACTION = 1
ERROR_INVARIANT = 2
ERROR_OVERFLOW = 3
INVARIANT_CARDS = 1
INVARIANT_THREAD = 2
INVARIANT_TOKENS = 3
INVARIANT_FIGURES = 4
INVARIANT_COUNTS = 5
INVARIANT_BOARD = 6
INVARIANT_UNITS = 7
INVARIANT_CHAINS = 8
INVARIANT_RELICS = 9
INVARIANT_THREADLINE = 10
INVARIANT_TEMPORARY = 11

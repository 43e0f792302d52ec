# Axiom's opposition (rules/axiom-2d6.md, 7.4): Shadow, Supporting and Antagonist
# NPCs as the table describes them, and Special Traits as effects on play.
from shared_rules import axiom as A
from shared_rules.axiom import whole, one_of, text
from shared_rules.axiom.character import check_attributes
from shared_rules.limits import NAME_LIMIT
from shared_rules.axiom.host.conflict import MAX_STRAIN_ON_HIT, MAX_ACTIONS_PER_TURN
from shared_rules.axiom.equipment import Item
from shared_rules.axiom.harm import Harm
from shared_rules.errors import RulesError

# 7.4, the Types of Opposition table, in the order of A.NPC_TYPES:
# (Strain slots, Talents, Skillsets, Fine/Masterwork items, Special Traits) as (least, most)
_TYPE = (((1, 1), (0, 0), (0, 0), (0, 0), (0, 0)),   # Shadow: 1 Strain slot. No remarkable features.
         ((2, 3), (1, 1), (0, 0), (1, 2), (0, 1)),   # Supporting: 2-3 slots, 1 Talent, 1-2 Fine, opt. 1 trait
         ((5, 6), (2, 4), (1, 3), (2, 3), (0, 2)))   # Antagonist: 5-6 slots, 2-4 Talents, 1-3 Skillsets,
#                                                      2-3 Fine or Masterwork, opt. 1-2 traits


def strain_slots_of(kind):
    """(least, most) Strain slots of an NPC type."""
    return _TYPE[A.NPC_TYPES.index(one_of("kind", kind, A.NPC_TYPES))][0]


class SpecialTrait:
    """7.4.1: granted by the GM. Offensive ones change the Strain an NPC deals or
    its actions per turn; defensive ones keep Strain off it until negated. A
    concealed one is noticed on a successful observation/analysis Action Roll."""

    def __init__(self, name, strain_on_hit=1, actions_per_turn=1, blocks_strain=False, concealed=False):
        self.name = text("name", name, NAME_LIMIT)
        self.strain_on_hit = whole("strain_on_hit", strain_on_hit, 1, MAX_STRAIN_ON_HIT)
        self.actions_per_turn = whole("actions_per_turn", actions_per_turn, 1, MAX_ACTIONS_PER_TURN)
        if not isinstance(blocks_strain, bool) or not isinstance(concealed, bool):
            raise RulesError("blocks_strain", "blocks_strain and concealed must be true or false")
        self.blocks_strain = blocks_strain
        self.concealed = concealed
        self.negated = False

    def notice(self, outcome):
        """7.4.1: concealed traits need a successful observation/analysis roll to notice."""
        one_of("outcome", outcome, A.OUTCOMES)
        if outcome in A.SUCCEEDED:
            self.concealed = False
        return not self.concealed

    def negate(self):
        # 7.4.1: "Players could possibly circumvent or eliminate Special Traits ..., negating their effects."
        self.negated = True


class NPC:
    """A foe or other NPC of one of the 3 types (7.4)."""

    def __init__(self, kind, strain_slots, attributes=None, talents=(), skillsets=(), items=(), traits=()):
        row = _TYPE[A.NPC_TYPES.index(one_of("kind", kind, A.NPC_TYPES))]
        self.kind = kind
        _count("strain_slots", strain_slots, row[0], kind)
        self.attributes = _attributes(kind, attributes or {})
        self.talents = list(talents)
        self.skillsets = list(skillsets)
        _count("talents", len(self.talents), row[1], kind)
        _count("skillsets", len(self.skillsets), row[2], kind)
        self.items = [i if isinstance(i, Item) else Item.from_dict(i, "items") for i in items]
        best = 0
        for item in self.items:
            if item.quality == A.MASTERWORK and kind != A.ANTAGONIST:
                raise RulesError("items", "only an Antagonist NPC carries Masterwork items")
            if item.quality != A.AVERAGE:
                best += 1
        _count("quality items", best, row[3], kind)
        self.traits = list(traits)
        _count("traits", len(self.traits), row[4], kind)
        self.harm = Harm(slots=strain_slots, npc=True)

    def attribute(self, name):
        return self.attributes.get(name, 0)

    def active_traits(self):
        return [t for t in self.traits if not t.negated]

    def strain_on_hit(self):
        # 7.4.1, Serrated Fangs: "deal 3 Strain on hit instead of 1"
        return max([1] + [t.strain_on_hit for t in self.active_traits()])

    def actions_per_turn(self):
        # 7.4.1, Blinding Speed: "2 actions per turn instead of 1"
        return max([1] + [t.actions_per_turn for t in self.active_traits()])

    def take_strain(self, amount=1):
        """Strain on this NPC; 0 while a defensive trait prevents it (Impenetrable
        Scales), else the amount. Taken out when its last slot is marked."""
        for trait in self.active_traits():
            if trait.blocks_strain:
                return 0
        self.harm.take_strain(amount)
        return amount

    def taken_out(self):
        return self.harm.incapacitated


def _count(field, value, span, kind):
    least, most = span
    if not A.is_whole(value) or value < least or value > most:
        want = "%d" % least if least == most else "%d-%d" % (least, most)
        raise RulesError(field, "a %s NPC has %s %s, got %r" % (kind, want, field, value))


def _attributes(kind, attributes):
    if kind == A.ANTAGONIST:
        return check_attributes(attributes)   # "Full Attributes like player characters"
    if not isinstance(attributes, dict):
        raise RulesError("attributes", "attributes are a table of names to modifiers")
    raised = [name for name in attributes if attributes[name] != 0]
    if kind == A.SHADOW and raised:
        raise RulesError("attributes", "a shadow NPC has no remarkable features: no Attribute modifier")
    if kind == A.SUPPORTING:
        if len(raised) != 1 or attributes[raised[0]] not in (1, 2) or isinstance(attributes[raised[0]], bool):
            raise RulesError("attributes", "a supporting NPC has +1 or +2 in 1 Attribute, got %r" % (attributes,))
    return dict(attributes)

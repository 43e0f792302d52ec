# The odds meter on a play's last set-up step: the chance of passing with the
# current choice, as the ring's pixels and in words. Play's base (fatebox_fw.play).
from fatebox_fw.ring import meter_pixels


class Meter:
    """The meter's part of Play: Play gives odds() and the meter, meter_ready and
    _chance it sets up."""

    def chance(self):
        """(num, den) of passing with the current choice, worked out once per choice
        (not per frame: the exact odds take a moment); None when there are none."""
        if not self.meter_ready:
            self.meter_ready = True
            self._chance = None
            try:
                self._chance = self.odds()
            except ValueError:      # RulesError: a set-up the rules refuse has no odds
                pass
        return self._chance

    def _meter(self, count):
        chance = self.chance()
        if chance is None:
            return None
        self.meter = meter_pixels(chance[0], chance[1], count)
        return self.meter

    def chance_words(self, passing="to pass"):
        """'60% to pass': the meter in words (describe() adds them on the last step);
        `passing` says what the meter's chance is of."""
        chance = self.chance()
        if chance is None:
            return None
        return "%d%% %s" % ((100 * chance[0] + chance[1] // 2) // chance[1], passing)

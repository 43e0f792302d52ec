# Exact odds, trials and fairness: the systems' odds and simulate commands'
# machinery, the trials, and the records compared with the odds.

lemma Good() ensures 1 + 1 == 2 {}
lemma Bad(x: int) ensures x * 0 == 1 {}

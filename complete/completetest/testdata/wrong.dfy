lemma Wrong(x: int) ensures x + 1 == x {}

lemma Unresolved() ensures Nope(3) == 6 {}

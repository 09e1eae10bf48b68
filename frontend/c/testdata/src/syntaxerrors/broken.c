int good_before(int x) { return x; } // want func:"good_before"

int broken(int x) {
	return x +* ; // want error:"syntax error|missing"
}

int good_after(void) { return good_before(1); } // want func:"good_after" calls:"good_after -> good_before"

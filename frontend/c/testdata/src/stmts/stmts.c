int classify(int *a, int n)
{
	int s = 0; // want stmt:"simple int s = 0;"
	for (int i = 0; i < n; i++) { // want stmt:"loop for i < n"
		if (a[i] < 0) // want stmt:"if a[i] < 0"
			continue; // want stmt:"continue"
		else if (a[i] == 0) // want stmt:"if a[i] == 0"
			break; // want stmt:"break"
		s += a[i];
	}
	while (s > 100) // want stmt:"loop while s > 100"
		s /= 2;
	do { // want stmt:"loop do s < 3"
		s++;
	} while (s < 3);
	for (;;) { // want stmt:"loop for"
		break;
	}
	switch (s) { // want stmt:"switch s"
	case 1: // want stmt:"case 1"
		s = 10;
		/* fall through */
	case 2: // want stmt:"case 2"
		goto out; // want stmt:"goto out"
	default: // want stmt:"default"
		break;
	}
	{ // want stmt:"block"
		s--;
	}
out: // want stmt:"label out"
	if (s < 0) abort(); // want stmt:"if s < 0" stmt:"throw abort()" calls:"classify -> abort"
	return s * 2; // want stmt:"return s * 2"
}

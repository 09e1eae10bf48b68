datatype L = Nil | Cons(h: int, t: L)

method Control(xs: L, n: int) returns (r: int)
  decreases *
{
  r := 0; // want stmt:"simple r := 0;"
  if n > 10 { // want stmt:"if n > 10"
    return -1; // want stmt:"return -1"
  } else if n < 0 { // want stmt:"if n < 0"
    r := 1;
  }
  match xs { // want stmt:"switch xs"
    case Nil => r := 2; // want stmt:"case Nil" stmt:"simple r := 2;"
    case Cons(h, _) => r := h; // want stmt:"case Cons(h, _)" stmt:"simple r := h;"
  }
  for i := 0 to n { // want stmt:"loop for "
    r := r + i;
  }
  while true // want stmt:"loop while true"
    decreases *
  {
    break; // want stmt:"break"
  }
  var (a, b) := (1, 2);
  print a, b, "\n"; // want stmt:"simple print a, b, \"\\n\";"
}

lemma Hard(x: int, y: int, z: int)
  requires x > 0 && y > 0 && z > 0
  ensures x*x*x*x*x + y*y*y*y*y != z*z*z*z*z
{}

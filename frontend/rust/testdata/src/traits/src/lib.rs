pub trait Shape {
    fn area(&self) -> f64; // want func:"Shape::area decl exported kind=method trait=Shape"

    /// Twice the area.
    fn double(&self) -> f64 { // want func:"Shape::double def exported trait=Shape" doc:"Twice"
        2.0 * self.area() // want calls:"Shape::double -> self.area [method]"
    }
}

trait Hidden {
    fn secret(&self); // want func:"Hidden::secret decl unexported trait=Hidden"
}

struct Square(f64);

impl Shape for Square {
    fn area(&self) -> f64 { // want func:"Square::area def exported trait=Shape"
        self.0 * self.0
    }
}

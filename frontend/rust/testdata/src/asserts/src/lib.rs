fn g(y: i32) -> bool { y > 0 }

pub fn checked(x: i32, y: i32) -> i32 {
    assert!(g(y)); // want spec:"assert(assert!): g(y)" calls:"checked -> assert! [macro]" calls:"checked -> g [direct inmacro]" stmt:"simple assert!(g(y)); [spec]"
    assert!(x > 0, "x must be positive: {}", x); // want spec:"assert(assert!): x > 0" calls:"checked -> assert! [macro]"
    assert_eq!(x + 1, y); // want spec:"assert(assert_eq!): x + 1 == y" calls:"checked -> assert_eq! [macro]"
    assert_ne!(x, y, "differ"); // want spec:"assert(assert_ne!): x != y" calls:"checked -> assert_ne! [macro]"
    debug_assert!(x < 100); // want spec:"assert(debug_assert!): x < 100" calls:"checked -> debug_assert! [macro]"
    debug_assert_eq!(y, y); // want spec:"assert(debug_assert_eq!): y == y" calls:"checked -> debug_assert_eq! [macro]"
    std::assert!(x != 3); // want spec:"assert(assert!): x != 3" calls:"checked -> std::assert! [macro]"
    x + y
}

fn last(x: i32) {
    assert!(x > 1) // want spec:"assert(assert!): x > 1" calls:"last -> assert! [macro]" stmt:"simple assert!(x > 1) [spec]"
}

fn control(xs: &[i32], n: i32) -> i32 {
    let mut total = 0; // want stmt:"simple let mut total = 0;"
    if n > 10 { // want stmt:"if n > 10"
        return -1; // want stmt:"return -1"
    } else if n < 0 { // want stmt:"if n < 0"
        panic!("negative"); // want stmt:"throw panic!(\"negative\");" calls:"control -> panic! [macro]"
    }
    if let Some(first) = xs.first() { // want stmt:"if let Some(first) = xs.first()" calls:"control -> xs.first [method]"
        total += first;
    }
    'outer: for x in xs.iter() { // want stmt:"loop for x in xs.iter()" calls:"control -> xs.iter [method]"
        while total < 100 { // want stmt:"loop while total < 100"
            if *x == 0 {
                continue 'outer; // want stmt:"continue outer"
            }
            total += x;
            break; // want stmt:"break"
        }
        loop { // want stmt:"loop loop"
            break 'outer; // want stmt:"break outer"
        }
    }
    let v = parse(n)?; // want stmt:"simple let v = parse(n)?;" calls:"control -> parse [direct]"
    match v { // want stmt:"switch v"
        0 => total += 1, // want stmt:"case 0"
        k if k > 5 => { // want stmt:"case k if k > 5"
            total -= k;
        }
        _ => unreachable!(), // want stmt:"case _" stmt:"throw unreachable!()" calls:"control -> unreachable! [macro]"
    }
    if total == 7 {
        std::process::exit(3); // want stmt:"throw std::process::exit(3);" calls:"control -> std::process::exit [path]"
    }
    total // want stmt:"return total"
}

fn parse(n: i32) -> Result<i32, ()> {
    match n { // want stmt:"switch n"
        0 => Err(()), // want stmt:"return Err(())" calls:"parse -> Err [direct]"
        _ => Ok(n), // want stmt:"return Ok(n)" calls:"parse -> Ok [direct]"
    }
}

fn tail_if(b: bool) -> u8 {
    if b { 1 } else { 2 } // want stmt:"if b" stmt:"return 1" stmt:"return 2"
}

fn let_else(v: Option<u8>) -> u8 {
    let Some(x) = v else { // want stmt:"if let Some(x) = v"
        return 0; // want stmt:"return 0"
    };
    x
}

return ("a"):rep(40000):find(("a?"):rep(40000) .. ("a"):rep(40000))

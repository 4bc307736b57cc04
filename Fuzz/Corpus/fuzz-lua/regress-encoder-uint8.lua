return { title = "", sections = { { type = "text", small = 1 } } }

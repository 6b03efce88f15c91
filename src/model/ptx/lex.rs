//! Text helpers for the PTX parser, knowing nothing of PTX instructions: comments removed,
//! the next character outside string literals, brackets and braces counted, splitting at
//! whitespace or top-level commas, and short excerpts for error messages.

/// Splits at the first whitespace: (word, rest).
pub(super) fn split_word(text: &str) -> (&str, &str) {
    match text.find(char::is_whitespace) {
        Some(i) => (text.get(..i).unwrap_or(""), text.get(i..).unwrap_or("")),
        None => (text, ""),
    }
}

/// Splits at commas outside brackets.
pub(super) fn split_top_level(text: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let mut depth = 0usize;
    let mut start = 0;
    for (i, c) in text.char_indices() {
        match c {
            '[' | '{' | '(' => depth = depth.saturating_add(1),
            ']' | '}' | ')' => depth = depth.saturating_sub(1),
            ',' if depth == 0 => {
                parts.push(text.get(start..i).unwrap_or(""));
                start = i.saturating_add(1);
            }
            _ => {}
        }
    }
    parts.push(text.get(start..).unwrap_or(""));
    parts
}

/// True when every `[`, `{`, `(` is closed by its own kind, in order.
pub(super) fn balanced(text: &str) -> bool {
    let mut stack = Vec::new();
    for c in text.chars() {
        match c {
            '[' => stack.push(']'),
            '{' => stack.push('}'),
            '(' => stack.push(')'),
            ']' | '}' | ')' => {
                let expected = stack.pop();
                if expected != Some(c) {
                    return false;
                }
            }
            _ => {}
        }
    }
    stack.is_empty()
}

/// Counts `{` and `}` outside string literals.
pub(super) fn count_braces(text: &str) -> (usize, usize) {
    let mut in_string = false;
    let (mut opens, mut closes) = (0usize, 0usize);
    for c in text.chars() {
        match c {
            '"' => in_string = !in_string,
            '{' if !in_string => opens = opens.saturating_add(1),
            '}' if !in_string => closes = closes.saturating_add(1),
            _ => {}
        }
    }
    (opens, closes)
}

/// The byte index of the first `target` outside string literals.
pub(super) fn find_outside_quotes(text: &str, target: char) -> Option<usize> {
    let mut in_string = false;
    for (i, c) in text.char_indices() {
        if c == '"' {
            in_string = !in_string;
        } else if c == target && !in_string {
            return Some(i);
        }
    }
    None
}

/// Removes `//` and `/* */` comments (not inside string literals), keeping every newline so
/// line numbers stay. Also returns the line of a `/*` never closed.
pub(super) fn strip_comments(text: &str) -> (String, Option<usize>) {
    enum State {
        Code,
        Str,
        Line,
        Block(usize),
    }
    let mut out = String::with_capacity(text.len());
    let mut state = State::Code;
    let mut line = 1usize;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\n' {
            line = line.saturating_add(1);
        }
        state = match state {
            State::Code => match (c, chars.peek()) {
                ('/', Some('/')) => {
                    chars.next();
                    State::Line
                }
                ('/', Some('*')) => {
                    chars.next();
                    out.push(' ');
                    State::Block(line)
                }
                ('"', _) => {
                    out.push(c);
                    State::Str
                }
                _ => {
                    out.push(c);
                    State::Code
                }
            },
            State::Str => {
                out.push(c);
                match c {
                    '\\' => {
                        if let Some(&next) = chars.peek() {
                            if next != '\n' {
                                out.push(next);
                                chars.next();
                            }
                        }
                        State::Str
                    }
                    '"' | '\n' => State::Code,
                    _ => State::Str,
                }
            }
            State::Line => {
                if c == '\n' {
                    out.push('\n');
                    State::Code
                } else {
                    State::Line
                }
            }
            State::Block(start) => {
                if c == '*' && chars.peek() == Some(&'/') {
                    chars.next();
                    out.push(' ');
                    State::Code
                } else {
                    if c == '\n' {
                        out.push('\n');
                    }
                    State::Block(start)
                }
            }
        };
    }
    let unclosed = match state {
        State::Block(start) => Some(start),
        _ => None,
    };
    (out, unclosed)
}

/// At most 40 characters of `text`, for error messages.
pub(super) fn excerpt(text: &str) -> String {
    let text = text.trim();
    if text.chars().count() > 40 {
        let short: String = text.chars().take(40).collect();
        format!("{short}…")
    } else {
        text.to_string()
    }
}

//! Text escaped for XML, as the KSudoku writer and the SVG picture both need it: the five
//! characters XML gives meaning to become entities, a newline becomes `&#10;` (so that an
//! attribute keeps it), and the other control characters, which XML 1.0 cannot hold, are
//! dropped (a tab stays).

/// `text` escaped for XML character data and attributes.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\n' => out.push_str("&#10;"),
            '\t' => out.push(c),
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markup_becomes_entities_a_newline_stays_and_control_characters_go() {
        assert_eq!(escape("a<b>&\"c'"), "a&lt;b&gt;&amp;&quot;c&apos;");
        assert_eq!(escape("one\ntwo\tthree\u{7}"), "one&#10;two\tthree");
        assert_eq!(escape("Samurai ×5"), "Samurai ×5");
    }
}

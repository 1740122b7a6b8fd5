/// The text of an object that has one (an entry), with its caret: what AT-SPI's Text interface answers. Offsets
/// count characters as AT-SPI does (Unicode scalars, what GLib's UTF-8 offsets count), not bytes.
public struct AccessibleText: Equatable, Sendable {
    public var content: String
    /// The caret's offset, 0...characterCount.
    public var caret: Int

    public init(_ content: String, caret: Int? = nil) {
        self.content = content
        let count = content.unicodeScalars.count
        self.caret = min(max(0, caret ?? count), count)
    }

    public var characterCount: Int { content.unicodeScalars.count }

    /// The characters from `start` up to `end` (clamped to the text; a negative `end` is the text's end).
    public func text(from start: Int, to end: Int) -> String {
        let scalars = Array(content.unicodeScalars)
        let upper = end < 0 ? scalars.count : min(end, scalars.count)
        let lower = min(max(0, start), upper)
        var result = String.UnicodeScalarView()
        result.append(contentsOf: scalars[lower..<upper])
        return String(result)
    }

    /// The piece of text around `offset` that a screen reader asks for by granularity (AT-SPI's
    /// `AtspiTextGranularity`, or the start/end boundary types of GetTextAtOffset, which name the same pieces): 0 the
    /// character, 1 the word (the run of non-spaces at the offset, empty on a space), anything else the whole text
    /// (it is one line, one sentence, one paragraph). With its start and end offsets.
    public func piece(at offset: Int, granularity: UInt32) -> (text: String, start: Int, end: Int) {
        let scalars = Array(content.unicodeScalars)
        switch granularity {
        case 0:
            guard offset >= 0, offset < scalars.count else { return ("", 0, 0) }
            return (text(from: offset, to: offset + 1), offset, offset + 1)
        case 1:
            guard offset >= 0, offset < scalars.count, !scalars[offset].properties.isWhitespace else { return ("", 0, 0) }
            var start = offset, end = offset
            while start > 0, !scalars[start - 1].properties.isWhitespace { start -= 1 }
            while end < scalars.count, !scalars[end].properties.isWhitespace { end += 1 }
            return (text(from: start, to: end), start, end)
        default:
            return (content, 0, scalars.count)
        }
    }

    /// The events that turn `old` into this text, from the object `source`: what went (text-changed:delete), then
    /// what came (text-changed:insert), found as the middle between the longest common start and end, and the
    /// caret's move (text-caret-moved) when it moved. Typing a character is one insert at the caret, then the move.
    public func events(from old: AccessibleText, source: String) -> [AccessibilityEvent] {
        let before = Array(old.content.unicodeScalars), after = Array(content.unicodeScalars)
        var start = 0
        while start < before.count, start < after.count, before[start] == after[start] { start += 1 }
        var tail = 0
        while tail < before.count - start, tail < after.count - start,
              before[before.count - 1 - tail] == after[after.count - 1 - tail] { tail += 1 }
        var events: [AccessibilityEvent] = []
        if before.count - tail > start {
            events.append(.textChanged(source, inserted: false, offset: start, text: old.text(from: start, to: before.count - tail)))
        }
        if after.count - tail > start {
            events.append(.textChanged(source, inserted: true, offset: start, text: text(from: start, to: after.count - tail)))
        }
        if caret != old.caret { events.append(.textCaretMoved(source, to: caret)) }
        return events
    }
}

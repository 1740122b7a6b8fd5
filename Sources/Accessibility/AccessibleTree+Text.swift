/// The Text interface's answers for an object with a text (an entry): its characters, its caret, the pieces a
/// screen reader reads by character, word or line. The text has no attributes and no selection; the caret cannot
/// be moved from here (SetCaretOffset answers false), and the extents of characters are not known (all zero).
extension AccessibleTree {
    func textAnswer(_ call: AccessibleCall, text: AccessibleText) -> AccessibleAnswer {
        let count = Int32(clamping: text.characterCount)
        switch call.member {
        case "GetText":
            guard let start = call.int32(0), let end = call.int32(1) else { return .invalidArguments(call) }
            return .reply([.string(text.text(from: Int(start), to: Int(end)))])
        case "GetCharacterCount": return .reply([.int32(count)])
        case "GetCaretOffset": return .reply([.int32(Int32(clamping: text.caret))])
        case "SetCaretOffset", "AddSelection", "RemoveSelection", "SetSelection": return .reply([.boolean(false)])
        case "GetCharacterAtOffset":
            guard let offset = call.int32(0) else { return .invalidArguments(call) }
            let character = text.piece(at: Int(offset), granularity: 0).text.unicodeScalars.first
            return .reply([.int32(character.map { Int32(bitPattern: $0.value) } ?? 0)])
        case "GetStringAtOffset", "GetTextAtOffset":
            guard let offset = call.int32(0), let kind = granularity(call) else { return .invalidArguments(call) }
            // GetTextAtOffset's boundary types go in pairs (start, end) for character, word, sentence, line.
            let piece = text.piece(at: Int(offset), granularity: call.member == "GetTextAtOffset" ? (kind + 1) / 2 : kind)
            return .reply([.string(piece.text), .int32(Int32(clamping: piece.start)), .int32(Int32(clamping: piece.end))])
        case "GetTextBeforeOffset", "GetTextAfterOffset":
            guard let offset = call.int32(0), let kind = granularity(call) else { return .invalidArguments(call) }
            // By character, the neighbour; the text being one line, nothing comes before or after by other pieces.
            let next = Int(offset) + (call.member == "GetTextAfterOffset" ? 1 : -1)
            let piece = kind == 0 ? text.piece(at: next, granularity: 0) : ("", 0, 0)
            return .reply([.string(piece.0), .int32(Int32(clamping: piece.1)), .int32(Int32(clamping: piece.2))])
        case "GetNSelections": return .reply([.int32(0)])
        case "GetSelection": return .reply([.int32(0), .int32(0)])
        case "GetAttributes", "GetAttributeRun":
            return .reply([.array(element: "{ss}", []), .int32(0), .int32(count)])
        case "GetDefaultAttributes", "GetDefaultAttributeSet": return .reply([.array(element: "{ss}", [])])
        case "GetAttributeValue": return .reply([.string("")])
        case "GetCharacterExtents", "GetRangeExtents": return .reply([.int32(0), .int32(0), .int32(0), .int32(0)])
        case "GetOffsetAtPoint": return .reply([.int32(-1)])
        default: return .unknownMethod(call)
        }
    }

    private func granularity(_ call: AccessibleCall) -> UInt32? {
        guard call.arguments.count > 1, case let .uint32(kind) = call.arguments[1].unwrapped else { return nil }
        return kind
    }
}

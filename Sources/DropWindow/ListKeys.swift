import X11Bridge

/// The keyboard of a window's list of rows, as a value: which row is selected, the type-to-filter text, and what
/// each key does. The drop window and the catalog window each hold one and perform its outcomes; nothing here
/// knows X11 but the keysyms `Key` is read from.
///
/// The selection is kept by identity (a hero's name), not by position: when the rows are read again (a favorite
/// added or removed elsewhere, the filter changed), `rowsChanged` finds the selected hero among the new rows, so
/// the ring stays on it. Only when that hero is gone from the rows does the selection move: to the row that took
/// its place (Delete, Delete removes two rows in a row, as in a file manager), or, when the filter hid it, to the
/// first row left (the best match).
public struct ListKeys: Equatable, Sendable {
    /// The keys a list answers, read from the user's layout (keysyms, not keycodes) in one place: `init(keysym:…)`.
    public enum Key: Equatable, Sendable {
        case up, down, home, end, pageUp, pageDown
        /// Return or the keypad's Enter.
        case enter
        /// Ctrl+C.
        case copy
        case delete
        case escape
        case backspace
        /// A key that types text (Latin-1, as `X11Event.Key.text`); control characters are dropped by `SearchText`.
        case type(String)

        /// Keysyms (keysymdef.h) of the keys that are not text, with their keypad twins (NumLock off).
        static let keysyms: [KeySym: Key] = [
            0xff52: .up, 0xff97: .up, 0xff54: .down, 0xff99: .down,
            0xff50: .home, 0xff95: .home, 0xff57: .end, 0xff9c: .end,
            0xff55: .pageUp, 0xff9a: .pageUp, 0xff56: .pageDown, 0xff9b: .pageDown,
            0xff0d: .enter, 0xff8d: .enter, 0xffff: .delete, 0xff9f: .delete,
            0xff1b: .escape, 0xff08: .backspace,
        ]
        /// `c` and `C`: with Control held, copy.
        static let copyKeysyms: Set<KeySym> = [0x63, 0x43]

        /// What a key press means to a list: `keysym` as the user's layout reads it (modifiers applied), `text`
        /// what it types. With Control held only Ctrl+C and the keys above count; with Control or Alt held a key
        /// types nothing (Ctrl+F is no "f"). Nil for a key the lists ignore.
        public init?(keysym: KeySym, text: String, control: Bool, alt: Bool) {
            if control && Self.copyKeysyms.contains(keysym) {
                self = .copy
            } else if let key = Self.keysyms[keysym] {
                self = key
            } else if !control && !alt && !text.isEmpty {
                self = .type(text)
            } else {
                return nil
            }
        }

        /// `init(keysym:text:control:alt:)` of an X key press.
        public init?(_ key: X11Event.Key) {
            self.init(keysym: key.keysym, text: key.text, control: key.isControlHeld, alt: key.isAltHeld)
        }
    }

    /// What a key asks of the window. Row numbers are indices into the rows the key was pressed over.
    public enum Outcome: Equatable, Sendable {
        /// Nothing changed.
        case none
        /// The selection moved to this row: scroll it into view and redraw.
        case select(Int)
        /// Enter on the selected row: the window's action (the drop window copies the hero, the catalog window
        /// adds it to the favorites).
        case activate(Int)
        /// Ctrl+C on the selected row: put the hero on the clipboard.
        case copy(Int)
        /// Delete on the selected row.
        case remove(Int)
        /// The filter's text changed: filter the rows again, then `rowsChanged`.
        case filterChanged
        /// Escape with no filter to clear: hide the window.
        case hide
    }

    /// The type-to-filter text.
    public private(set) var filter = SearchText()
    /// The selected row's hero name; nil until a key picks one, or once the rows are empty.
    public private(set) var selected: String?
    /// Where the selected row was when last seen: when its hero goes, the row now there is selected.
    private var lastIndex: Int?

    public init() {}

    /// The selected row's index in `rows`, if it is among them.
    public func selectedIndex(in rows: some ListNames) -> Int? {
        selected.flatMap { rows.index(of: $0) }
    }

    /// A key pressed over `rows` (the names of the rows shown, in order), of which `pageRows` fit in the window.
    /// With no selection, keys going down start before the first row (Down picks it) and keys going up after
    /// the last (Up picks it); moves stop at the ends, they do not wrap.
    public mutating func press(_ key: Key, rows: some ListNames, pageRows: Int) -> Outcome {
        let current = selectedIndex(in: rows)
        let page = max(1, pageRows)
        switch key {
        case .up: return select((current ?? rows.count) - 1, in: rows)
        case .down: return select((current ?? -1) + 1, in: rows)
        case .pageUp: return select((current ?? rows.count) - page, in: rows)
        case .pageDown: return select((current ?? -1) + page, in: rows)
        case .home: return select(0, in: rows)
        case .end: return select(rows.count - 1, in: rows)
        case .enter: return current.map { .activate($0) } ?? .none
        case .copy: return current.map { .copy($0) } ?? .none
        case .delete: return current.map { .remove($0) } ?? .none
        case .escape: return filter.clear() ? filterChanged() : .hide
        case .backspace: return filter.backspace() ? filterChanged() : .none
        case let .type(text): return filter.type(text) ? filterChanged() : .none
        }
    }

    /// The filter's text changed: should the filter hide the selected hero, `rowsChanged` selects the first row.
    private mutating func filterChanged() -> Outcome {
        if selected != nil { lastIndex = 0 }
        return .filterChanged
    }

    /// The rows were read again or filtered anew: the selection stays on its hero when it is still shown, else
    /// moves to the row now at its place (the last row when the list got shorter; the first after a new filter),
    /// or to none when no row is left. Returns the selected row's index in `rows`.
    @discardableResult
    public mutating func rowsChanged(_ rows: some ListNames) -> Int? {
        if let index = selectedIndex(in: rows) {
            lastIndex = index
            return index
        }
        guard selected != nil, rows.count > 0 else {
            selected = nil
            lastIndex = nil
            return nil
        }
        let index = min(lastIndex ?? 0, rows.count - 1)
        selected = rows[index]
        lastIndex = index
        return index
    }

    /// Selects the row of the hero named `name` (a screen reader's SelectChild; nil clears the selection).
    /// Returns the row selected now, nil for none; a name not among `rows` changes nothing.
    public mutating func select(named name: String?, in rows: some ListNames) -> Int? {
        guard let name else {
            selected = nil
            lastIndex = nil
            return nil
        }
        guard let index = rows.index(of: name) else { return selectedIndex(in: rows) }
        selected = name
        lastIndex = index
        return index
    }

    /// Selects row `index` of `rows`, clamped to them; `.none` when that row is already selected or there is none.
    private mutating func select(_ index: Int, in rows: some ListNames) -> Outcome {
        guard rows.count > 0 else { return .none }
        let clamped = min(max(0, index), rows.count - 1)
        guard rows[clamped] != selected else { return .none }
        selected = rows[clamped]
        lastIndex = clamped
        return .select(clamped)
    }
}

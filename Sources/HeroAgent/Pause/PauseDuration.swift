/// A pause's DURATION as `herobridge pause` reads it: plain seconds (`90`), or a whole number with one unit,
/// `s`, `m` or `h` (`30s`, `5m`, `1h`), from 1 s up to `PauseState.maxSeconds`. No fractions and no mixed
/// units (`1h30m`): `90m` says the same, and one form is one thing to learn and to check.
public enum PauseDuration {
    /// What the error messages say is accepted.
    public static let expected = "a duration such as 90, 30s, 5m or 1h (at most 168h)"

    /// The duration in seconds.
    public static func seconds(_ text: String) throws(SettingError) -> Int {
        var digits = Substring(text)
        var multiple = 1
        if let unit = digits.last, let factor = ["s": 1, "m": 60, "h": 3600][unit] {
            multiple = factor
            digits = digits.dropLast()
        }
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), digits.count <= 9,
              let count = Int(digits), count > 0, count * multiple <= PauseState.maxSeconds else {
            throw SettingError(message: "\"\(text)\" is not \(expected)")
        }
        return count * multiple
    }
}

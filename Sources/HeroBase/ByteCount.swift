/// Human-readable byte counts (`512 B`, `3.0 KiB`, `64 MiB`), used in messages and logs.
public enum ByteCount {
    public static func format(_ bytes: Int) -> String {
        if bytes < 1024 { return "\(bytes) B" }
        let units = ["KiB", "MiB", "GiB", "TiB"]
        var value = Double(bytes) / 1024
        var unit = 0
        while value >= 1024 && unit < units.count - 1 { value /= 1024; unit += 1 }
        let rounded = (value * 10).rounded() / 10
        if rounded == rounded.rounded() { return "\(Int(rounded)) \(units[unit])" }
        return "\(rounded) \(units[unit])"
    }

    /// Parses `65536`, `64K`, `64KiB`, `5M`, `5MB`, `1G` (binary multiples); nil when it is not a size.
    public static func parse(_ text: String) -> Int? {
        let t = text.trimmed().uppercased()
        let digits = t.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, let number = Int(digits) else { return nil }
        let multipliers: [String: Int] = ["": 1, "B": 1, "K": 1 << 10, "KB": 1 << 10, "KIB": 1 << 10,
                                          "M": 1 << 20, "MB": 1 << 20, "MIB": 1 << 20,
                                          "G": 1 << 30, "GB": 1 << 30, "GIB": 1 << 30]
        guard let multiplier = multipliers[String(t.dropFirst(digits.count))] else { return nil }
        let (product, overflow) = number.multipliedReportingOverflow(by: multiplier)
        return overflow ? nil : product
    }
}

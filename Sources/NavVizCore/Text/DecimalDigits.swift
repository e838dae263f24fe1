extension Array where Element == UInt8 {
    /// Appends `v`'s decimal digits, a minus sign first when it is negative: the bytes of
    /// `String(v)`, without making a string (the JSON and DOT writers write numbers by the
    /// thousand).
    package mutating func appendDecimal(_ v: Int) {
        if v < 0 { append(UInt8(ascii: "-")) }
        var m = v.magnitude, power: UInt = 1
        while power <= m / 10 { power *= 10 }
        repeat {
            append(UInt8(ascii: "0") + UInt8(m / power))
            m %= power
            power /= 10
        } while power > 0
    }
}

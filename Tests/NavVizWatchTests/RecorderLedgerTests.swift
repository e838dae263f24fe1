import Testing
@testable import NavVizWatch

/// Lines a recorder sends twice are read once; a restarted server takes a recorder's buffer
/// from its start.
@Suite struct RecorderLedgerTests {
    @Test func linesAreReadOnce() async {
        let ledger = RecorderLedger()
        #expect(await ledger.lastLine(of: "a") == 0)
        var r = await ledger.accept(count: 3, first: 1, session: "a")
        #expect(r.new == 0..<3 && r.gap == 0 && r.last == 3)
        r = await ledger.accept(count: 3, first: 2, session: "a")  // 2 and 3 again, then 4
        #expect(r.new == 2..<3 && r.last == 4)
        r = await ledger.accept(count: 2, first: 1, session: "a")  // all seen
        #expect(r.new.isEmpty && r.last == 4)
        r = await ledger.accept(count: 1, first: 10, session: "a")  // 5 to 9 lost by the recorder
        #expect(r.new == 0..<1 && r.gap == 5 && r.last == 10)
        #expect(await ledger.lastLine(of: "b") == 0)
    }
}

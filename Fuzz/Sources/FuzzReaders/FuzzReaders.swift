import FuzzDriver
import NavVizCore
import NavVizFiles

/// One input through every reader: the format the content shows (what `navviz validate -`
/// reads), then each format forced (what `--format` or a file's extension asks for), a log
/// also strictly, JSON also with the image limit. Errors are expected; a crash, a hang, a
/// sanitizer report or an error without a message is a finding.
func fuzz(_ input: UnsafeBufferPointer<UInt8>) {
    let bytes = Array(input)
    let sniffed = InputFormat.sniff(bytes)
    read(bytes, sniffed, DocumentFile.Options())
    for format in InputFormat.allCases where format != sniffed {
        read(bytes, format, DocumentFile.Options())
    }
    read(bytes, .log, DocumentFile.Options(strict: true))
    read(bytes, .json, DocumentFile.Options(pictureLimit: 50))
}

private func read(_ bytes: [UInt8], _ format: InputFormat, _ options: DocumentFile.Options) {
    do {
        let loaded = try DocumentFile.load(bytes: bytes, name: "fuzz", format: format, options: options)
        _ = loaded.document.kindName
        _ = loaded.document.title
        for warning in loaded.warnings { _ = "\(warning)" }
    } catch {
        FuzzDriver.expectErrorLines(error.diagnostics.flatMap(\.lines), file: "fuzz", "reading the input as \(format)")
    }
}

/// The program's entry (see Package.swift): libFuzzer's driver with ``fuzz(_:)``.
@_cdecl("fuzz_readers_main")
public func fuzzMain(_ argc: CInt, _ argv: FuzzDriver.Arguments) -> CInt { FuzzDriver.run(argc, argv, fuzz) }

import Foundation
import Testing
@testable import NavVizArtifacts

/// Why a write failed, in `strerror`'s words whatever the error's source: never
/// Foundation's `localizedDescription`, whose words follow the user's language on macOS.
struct WriteErrorTests {
    @Test(arguments: [
        (NSError(domain: NSPOSIXErrorDomain, code: Int(ENOSPC)), ENOSPC),
        (NSError(domain: NSCocoaErrorDomain, code: CocoaError.fileWriteOutOfSpace.rawValue), ENOSPC),
        (NSError(domain: NSCocoaErrorDomain, code: CocoaError.fileWriteNoPermission.rawValue), EACCES),
        (NSError(domain: NSCocoaErrorDomain, code: CocoaError.fileWriteVolumeReadOnly.rawValue), EROFS),
        (NSError(domain: NSCocoaErrorDomain, code: CocoaError.fileWriteUnknown.rawValue,
                 userInfo: [NSUnderlyingErrorKey: NSError(domain: NSPOSIXErrorDomain, code: Int(EIO))]), EIO),
    ] as [(NSError, Int32)])
    func reasonsAreStrerrorsWords(error: NSError, code: Int32) {
        #expect(WriteError.reason(error) == String(cString: strerror(code)).lowercased())
    }

    /// An error with no errno behind it is named by its domain and code, the same in every language.
    @Test func anyOtherErrorIsNamedByDomainAndCode() {
        let error = NSError(domain: NSCocoaErrorDomain, code: CocoaError.fileWriteUnknown.rawValue,
                            userInfo: [NSLocalizedDescriptionKey: "Le fichier n’a pas pu être enregistré."])
        #expect(WriteError.reason(error) == "\(NSCocoaErrorDomain) error \(CocoaError.fileWriteUnknown.rawValue)")
        #expect(WriteError.reason(NSError(domain: "Other", code: 7)) == "Other error 7")
    }
}

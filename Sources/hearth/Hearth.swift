import ArgumentParser
import HearthCLI

/// The `hearth` executable: everything lives in HearthCLI so it can be tested.
@main
extension HearthCommand {}

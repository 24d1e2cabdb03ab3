extension String {
    /// nil for an empty string: for optional text fields.
    public var nilIfEmpty: String? { isEmpty ? nil : self }
}

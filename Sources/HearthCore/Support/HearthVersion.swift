/// The version of this build: what `hearth version` prints and a backup records.
public enum HearthVersion {
    public static let current = "0.1.0"
}

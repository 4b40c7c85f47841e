/// The delete guard's verdict on a plan, with approvals recorded in the container by the machine
/// whose user allowed a large deletion.
struct DeletionVerdict {
    /// Set when the sync would be refused.
    var refusal: DeletionRefusal?
    /// The approval that lifted the refusal, if one did.
    var approved: ApprovedDeletions?
    /// Whether the plan deletes more than the default limit allows, with a limit raised to allow it:
    /// its apply records an approval for the other machines.
    var recordsApproval = false
    /// Why an approval found was not used (malformed, or for other deletions).
    var warning: String?
}

"""After the seizure (§8(B)-(E)): the impoundment a seizure creates and its life until it ends.

- `board`: the kennel board, a held dog boarded elsewhere, the owner's notices.
- `fees`: §8(C) the fees from the Town Board's settings, §8(D) the balance owed.
- `redemption`: §8(C) redemption, §8(D) payment and waiver.
- `outcome`: §8(E) adopted, euthanized, transferred, died in care (`record_impoundment_outcome`),
  and the adopter's license at the counter.
- `care`: the §8(B) care log.
- `steps`: the case in order, for its page and the dog's record.
- `dl18`: the state's DL-18 report (AML §113(4)) built from impoundments.

The seizure itself (§8(A), the entry kind "seizure") is services/enforcement/seizure.py.
"""

#include <xp/leaky.hpp>
